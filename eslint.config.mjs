// Lint rules: Next's recommended set (core web vitals + TypeScript).
import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const config = [
  { ignores: ['.next/**', '.next-bench/**', 'build/**', 'node_modules/**', '.data/**', 'drizzle/**', 'next-env.d.ts', 'bench/results/**', 'test-results/**', 'e2e/artifacts/**'] },
  ...nextCoreWebVitals,
  ...nextTypescript,
];

export default config;
