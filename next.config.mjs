// Next.js configuration: the database drivers stay outside the bundle (PGlite
// needs its own .wasm/.data files on disk), and the API answers uncompressed
// JSON by default (a reverse proxy compresses in production).
/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ['postgres', '@electric-sql/pglite', 'pino', '@node-rs/argon2', 'ioredis'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
