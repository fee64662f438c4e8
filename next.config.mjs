// Next.js configuration: the database drivers stay outside the bundle (PGlite
// needs its own .wasm/.data files on disk), the API answers uncompressed JSON
// (a reverse proxy compresses in production: without `compress: false`, next start
// gzips every /v1 answer a client accepts gzip for, on the request path), and every
// page carries the security headers below.

// Next's App Router inlines its bootstrap scripts and styles: without per-request
// nonces (which force every page to render dynamically) it needs 'unsafe-inline';
// `next dev` also needs 'unsafe-eval'. Everything else comes from our own origin.
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ['postgres', '@electric-sql/pglite', 'pino', '@node-rs/argon2', 'ioredis', 'prom-client'],
  compress: false,
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    // Next buffers the body of each request proxy.ts runs on (default: up
    // to 10 MB) so both proxy and page can read it. The proxy runs on the
    // dashboard's pages only; 1 MB bounds that memory all the same.
    proxyClientMaxBodySize: '1mb',
  },
  async headers() {
    return [
      // Pages and assets: the full set. (/v1 answers are JSON; lib/http/handler.ts
      // adds nosniff to them, and so does this rule for anything Next answers itself.)
      { source: '/:path*', headers: securityHeaders },
    ];
  },
};

export default nextConfig;
