// Next.js configuration: the database drivers stay outside the bundle (PGlite
// needs its own .wasm/.data files on disk), pages and scripts go out compressed,
// and every page carries the security headers (lib/security-headers.mjs).
import { securityHeaders } from './lib/security-headers.mjs';

// The benchmark's build (bench/build.ts) goes to a folder of its own and adds
// the Next.js baseline route, app/bench-baseline/[...path]/route.bench.ts: a
// file name no other build reads as a route, so it is in no production build.
const isBenchBuild = process.env.PETSTORE_BENCH_BUILD === '1';

/** @type {import('next').NextConfig} */
const nextConfig = {
  distDir: isBenchBuild ? '.next-bench' : '.next',
  pageExtensions: isBenchBuild ? ['bench.ts', 'tsx', 'ts', 'jsx', 'js'] : ['tsx', 'ts', 'jsx', 'js'],
  serverExternalPackages: ['postgres', 'pg-boss', '@electric-sql/pglite', 'pino', '@node-rs/argon2', 'ioredis', 'prom-client', 'sharp', '@aws-sdk/client-s3'],
  // gzip for pages, scripts and styles. Under server.mjs /v1 does not pass
  // through Next; lib/v1-path/compression.ts compresses it.
  compress: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // The types are checked by `npm run lint` (tsc over the whole repository, the
  // .mjs files included), which CI runs before any build: the build's own pass
  // over the same files took 22 s of each build (the test run's, the image's).
  typescript: { ignoreBuildErrors: true },
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
      // A photo's file (app/v1/photos) is an image, never a page: its own policy, as the /v1 path
      // sends it (the later rule wins for the same header).
      { source: '/v1/photos/:path*', headers: [{ key: 'Content-Security-Policy', value: 'sandbox' }] },
    ];
  },
};

export default nextConfig;
