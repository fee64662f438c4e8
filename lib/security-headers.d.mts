// Types of lib/security-headers.mjs.
export const securityHeaders: { key: string; value: string }[];
