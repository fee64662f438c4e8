// The peer: what a team would write instead on Fastify 5, doing the work /v1
// does per request: the bearer key looked up in the database (no cache: two
// round trips per request), the query string and body validated by ajv from
// JSON schemas, answers serialised by fast-json-stringify from the response
// schemas, and one pino JSON line per request on standard output, as the app
// writes its own (bench/servers.ts sends both to a file). The queries are the
// baselines' (bench/baseline-core.mjs), a photo's file too (its signature checked, one query). Started by bench/run.ts with PORT,
// DATABASE_URL, DATABASE_POOL_SIZE, BASELINE_MAX_PIPELINE and, for the variant
// without logs, FASTIFY_LOG=off.
import Fastify from 'fastify';
import pino from 'pino';
import { createQueries } from './baseline-core.mjs';

const queries = createQueries(process.env.DATABASE_URL ?? '', {
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  maxPipeline: Number(process.env.BASELINE_MAX_PIPELINE ?? 1),
});
const log = process.env.FASTIFY_LOG === 'off' ? undefined : pino({ level: 'info', base: undefined });

const PetStatus = { type: 'string', enum: ['available', 'pending', 'sold'] };
const Pet = {
  type: 'object',
  required: ['id', 'name', 'categoryId'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, categoryId: { type: 'integer' }, status: PetStatus },
};
const NewPet = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'categoryId'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    categoryId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    status: PetStatus,
  },
};
const Order = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    petId: { type: 'integer' },
    quantity: { type: 'integer' },
    status: { type: 'string' },
    shipDate: { type: 'string' },
    createdAt: { type: 'string' },
  },
};
const ErrorBody = { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' }, status: { type: 'integer' } } };
const ListQuery = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    status: PetStatus,
    cursor: { type: 'string', maxLength: 200 },
    name: { type: 'string', minLength: 1, maxLength: 100 },
    sort: { type: 'string', enum: ['id', '-id', 'name', '-name'] },
  },
};
const errors = { '4xx': ErrorBody };

/** @typedef {{ limit: number, status?: string, cursor?: string, name?: string, sort?: string }} ListQueryValues */
/** What ListQuery lets through. @param {unknown} query */
const listQueryOf = (query) => /** @type {ListQueryValues} */ (query);

/** @param {string | undefined} cursor */
function afterIdOf(cursor) {
  if (!cursor) return 0;
  const match = /^id:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : 0;
}

const app = Fastify({ logger: false });
// When each request began, for its log line.
/** @type {WeakMap<object, number>} */
const startedAt = new WeakMap();

app.addHook('onRequest', async (request, reply) => {
  startedAt.set(request, performance.now());
  // A photo's file takes no key: its signed URL is one.
  if (request.url.startsWith('/v1/photos/')) return;
  if (!(await queries.isAuthorised(request.headers.authorization))) {
    reply.code(401).send({ code: 'unauthorized', message: 'Invalid API key.', status: 401 });
  }
});
if (log) {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round((performance.now() - (startedAt.get(request) ?? 0)) * 10) / 10;
    log.info({ requestId: request.id, method: request.method, path: request.url, status: reply.statusCode, ms }, 'request');
  });
}
app.setErrorHandler((/** @type {{ statusCode?: number, message: string }} */ error, request, reply) => {
  const status = error.statusCode ?? 500;
  reply.code(status).send({ code: status === 400 ? 'invalid_request' : 'internal_error', message: error.message, status });
});

app.get('/v1/pets', { schema: { querystring: ListQuery, response: { 200: { type: 'array', items: Pet }, ...errors } } }, (request) => {
  const query = listQueryOf(request.query);
  return queries.listPets({ limit: query.limit, status: query.status, afterId: afterIdOf(query.cursor), name: query.name, newestFirst: query.sort === '-id' });
});
app.get('/v1/pets/counts', { schema: { response: { 200: { type: 'object', additionalProperties: { type: 'integer' } } } } }, () => queries.countPets());
app.post('/v1/pets', { schema: { body: NewPet, response: { 201: Pet, ...errors } } }, async (request, reply) => {
  reply.code(201);
  return queries.createPet(/** @type {import('./baseline-core.mjs').NewPet} */ (request.body));
});
app.get(
  '/v1/pets/:petId',
  { schema: { params: { type: 'object', properties: { petId: { type: 'integer', minimum: 1 } } }, response: { 200: Pet, ...errors } } },
  async (request, reply) => {
    const pet = await queries.getPet(/** @type {{ petId: number }} */ (request.params).petId);
    if (!pet) return reply.code(404).send({ code: 'not_found', message: 'No such pet.', status: 404 });
    return pet;
  },
);
app.get('/v1/store/orders', { schema: { querystring: ListQuery, response: { 200: { type: 'array', items: Order }, ...errors } } }, (request) => {
  const query = listQueryOf(request.query);
  return queries.listOrders({ limit: query.limit, afterId: afterIdOf(query.cursor) });
});

const PhotoFileParams = {
  type: 'object',
  properties: { photoId: { type: 'integer', minimum: 1 }, variant: { type: 'string', enum: ['original', 'large', 'thumb'] } },
};
const PhotoFileQuery = { type: 'object', properties: { expires: { type: 'integer', minimum: 0 }, signature: { type: 'string', maxLength: 100 } } };
app.get('/v1/photos/:photoId/:variant', { schema: { params: PhotoFileParams, querystring: PhotoFileQuery } }, async (request, reply) => {
  const url = new URL(request.url, 'http://localhost');
  const file = await queries.photoFile(url.pathname, url.searchParams);
  return reply.code(file.status).headers(file.headers).send(file.body);
});

await app.listen({ port: Number(process.env.PORT ?? 3200), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () =>
    app
      .close()
      .then(() => queries.close())
      .then(() => process.exit(0)),
  );
}
