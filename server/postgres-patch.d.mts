export function assertPostgresDriverPatched(root?: string): void;
