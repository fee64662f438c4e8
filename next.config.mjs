// Next.js configuration: the database drivers stay outside the bundle (PGlite
// needs its own .wasm/.data files on disk), and the API answers uncompressed
// JSON (a reverse proxy compresses in production): without `compress: false`,
// next start gzips every /v1 answer a client accepts gzip for, on the request path.
/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ['postgres', '@electric-sql/pglite', 'pino', '@node-rs/argon2', 'ioredis'],
  compress: false,
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
