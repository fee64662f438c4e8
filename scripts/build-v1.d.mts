// Types of scripts/build-v1.mjs.
export const V1_BUNDLE: string;
/** Builds build/v1.mjs; returns the route paths it found under app/v1. */
export function buildV1(): Promise<string[]>;
