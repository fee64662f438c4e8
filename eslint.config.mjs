// Lint rules: Next's recommended set (core web vitals + TypeScript), and the
// layers of docs/ARCHITECTURE.md's house: data flows route -> lib/http -> domain -> lib/db,
// and no module imports "upward".
import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import drizzle from 'eslint-plugin-drizzle';

// The domain (what the service knows) and what it stands on (the database, per-process
// helpers at lib/'s top): no HTTP, React or Next in any of it.
const DOMAIN_MODULES = ['lib/domain/**/*.ts', 'lib/db/**/*.ts', 'lib/*.ts'];
const UI_AND_FRAMEWORK = ['next', 'next/*', 'react', 'react/*', 'react-dom', 'react-dom/*', 'next-auth', 'next-auth/*'];

const layers = {
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: DOMAIN_MODULES.map((glob) => `./${glob}`),
            from: ['./lib/http', './lib/client', './lib/auth', './components', './app'],
            message: 'The domain knows nothing of HTTP, the UI or routes (docs/ARCHITECTURE.md).',
          },
          {
            target: './lib/contract',
            from: './',
            except: ['./lib/contract', './node_modules/zod', './node_modules/zod-openapi'],
            message: 'lib/contract holds shapes only: it imports zod and nothing of ours.',
          },
          { target: './app', from: './bench', message: 'The benchmark is not part of the app.' },
          { target: './components', from: './lib/db', message: 'Components reach data through lib/client (/v1), never the database.' },
          { target: './lib/client', from: './lib/db', message: 'The typed client talks HTTP, never to the database.' },
        ],
      },
    ],
  },
};

// A delete or update without a where clause changes every row: drizzle's handles
// are named `database` or `transaction` throughout, so the rule knows them.
const DRIZZLE_HANDLES = ['database', 'transaction', 'db', 'tx'];
const wholeTableWrites = {
  plugins: { drizzle },
  rules: {
    'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: DRIZZLE_HANDLES }],
    'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: DRIZZLE_HANDLES }],
  },
};

const config = [
  {
    ignores: [
      '.next/**',
      '.next-bench/**',
      'build/**',
      'node_modules/**',
      '.data/**',
      'drizzle/**',
      'next-env.d.ts',
      'bench/results/**',
      'test-results/**',
      'e2e/artifacts/**',
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  layers,
  wholeTableWrites,
  {
    files: [...DOMAIN_MODULES, 'lib/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: UI_AND_FRAMEWORK, message: 'Domain and contract modules import neither next nor react (docs/ARCHITECTURE.md).' }] },
      ],
    },
  },
];

export default config;
