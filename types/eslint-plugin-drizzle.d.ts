// eslint-plugin-drizzle ships no types; eslint.config.mjs (type-checked with the rest) only hands it to ESLint.
declare module 'eslint-plugin-drizzle';
