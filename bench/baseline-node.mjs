// The plain baseline: node:http + the `postgres` driver doing the same work as
// /v1 at its barest (see baseline-core.mjs). Started by bench/run.ts with PORT,
// DATABASE_URL, DATABASE_POOL_SIZE and BASELINE_MAX_PIPELINE (postgres.js's max_pipeline).
import http from 'node:http';
import { createBaseline } from './baseline-core.mjs';

const baseline = createBaseline(process.env.DATABASE_URL ?? '', {
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  maxPipeline: Number(process.env.BASELINE_MAX_PIPELINE ?? 1),
});

/**
 * @param {http.IncomingMessage} request
 * @returns {Promise<string>}
 */
function readBody(request) {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (/** @type {string} */ chunk) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

const server = http.createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const answer = await baseline.handle({
      method: request.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      authorization: request.headers.authorization,
      body: () => readBody(request),
    });
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  } catch (error) {
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 'internal_error', message: String(error), status: 500 }));
  }
});

server.listen(Number(process.env.PORT ?? 3100), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => baseline.close().then(() => process.exit(0))));
}
