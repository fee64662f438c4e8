// The benchmark's baselines: the least work /v1 could do for each scenario
// (bearer lookup by SHA-256, one query, JSON), shared by the plain node:http
// server (bench/baseline-node.mjs) and the guarded Next.js route
// (app/bench-baseline), so both baselines do exactly the same work. No
// validation beyond what the query needs, no logging, no extra headers. The
// Fastify peer (bench/baseline-fastify.mjs) runs the same queries
// (`createQueries`) with its own validation, serialisation and log.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import postgres from 'postgres';

const JSON_HEADERS = { 'content-type': 'application/json' };
const STATUSES = new Set(['available', 'pending', 'sold']);

/**
 * A request as both baselines hand it over.
 * @typedef {{ method: string, path: string, search: URLSearchParams, authorization: string | null | undefined, body: () => Promise<string> }} BaselineRequest
 */
/** @typedef {{ status: number, body: string | Uint8Array, headers: Record<string, string> }} BaselineAnswer */
/** @typedef {{ id: string | number, name: string, category_id: string | number, status: string | null }} PetRow */
/** @typedef {{ id: string | number, pet_id: string | number, quantity: number, status: string, ship_date: Date | null, created_at: Date }} OrderRow */
/** @typedef {{ id: number, name: string, categoryId: number, status?: string }} Pet */
/** @typedef {{ name: string, categoryId: number, status?: string }} NewPet */

/**
 * @param {number} status
 * @param {unknown} body
 * @returns {BaselineAnswer}
 */
function answer(status, body, headers = JSON_HEADERS) {
  return { status, body: JSON.stringify(body), headers };
}

/**
 * @param {PetRow} row
 * @returns {Pet}
 */
function toPet(row) {
  /** @type {Pet} */
  const pet = { id: Number(row.id), name: row.name, categoryId: Number(row.category_id) };
  if (row.status !== null) pet.status = row.status;
  return pet;
}

/**
 * Pets from a query's rows (the driver types rows as loose records).
 * @param {readonly unknown[]} rows
 */
const petsFrom = (rows) => rows.map((row) => toPet(/** @type {PetRow} */ (row)));

/** @param {OrderRow} row */
function toOrder(row) {
  /** @type {{ id: number, petId: number, quantity: number, status: string, createdAt: string, shipDate?: string }} */
  const order = {
    id: Number(row.id),
    petId: Number(row.pet_id),
    quantity: row.quantity,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
  if (row.ship_date) order.shipDate = row.ship_date.toISOString();
  return order;
}

/** @param {URLSearchParams} search */
function limitOf(search) {
  const limit = Number(search.get('limit') ?? 20);
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : 20;
}

/** @param {URLSearchParams} search */
function afterIdOf(search) {
  const cursor = search.get('cursor');
  if (!cursor) return 0;
  const match = /^id:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : 0;
}

/**
 * The baselines' queries on a pool of `max` connections to `url`: each is one round trip.
 * @param {string} url
 */
export function createQueries(url, { max = 10, maxPipeline = 1 } = {}) {
  // max_pipeline 1: at most one query waiting behind another on a connection, as the app's pool runs them (lib/db/postgres-pool.ts); the driver's default is 100 (and its types omit the option).
  const sql = postgres(url, /** @type {postgres.Options<{}>} */ ({ max, onnotice: () => {}, max_pipeline: maxPipeline }));
  /** @type {Promise<Buffer> | undefined} */
  let photoUrlKey;
  return {
    /**
     * Whether the bearer token names a live key: looked up by its SHA-256 on every request (no cache).
     * @param {string | null | undefined} authorization
     */
    async isAuthorised(authorization) {
      const match = /^Bearer (\S+)$/i.exec(authorization ?? '');
      if (!match) return false;
      const hash = createHash('sha256')
        .update(match[1] ?? '')
        .digest('hex');
      const [key] = await sql`select id, expires_at, revoked_at from api_keys where hash = ${hash}`;
      return Boolean(key && !key.revoked_at && (!key.expires_at || key.expires_at > new Date()));
    },
    /**
     * @param {{ limit: number, status?: string | null, afterId: number, name?: string | null, newestFirst?: boolean }} query
     * @returns {Promise<Pet[]>}
     */
    async listPets({ limit, status, afterId, name, newestFirst }) {
      if (name) {
        // The search scenario: unprepared, as the app runs it (lib/db/planned-each-time.ts).
        const pattern = `%${name.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        const rows = await sql.unsafe('select id, name, category_id, status from pets where name ilike $1 order by id limit $2', [pattern, limit], {
          prepare: false,
        });
        return petsFrom(rows);
      }
      if (newestFirst) return petsFrom(await sql`select id, name, category_id, status from pets order by id desc limit ${limit}`);
      const rows = status
        ? await sql`select id, name, category_id, status from pets where status = ${status} and id > ${afterId} order by id limit ${limit}`
        : await sql`select id, name, category_id, status from pets where id > ${afterId} order by id limit ${limit}`;
      return petsFrom(rows);
    },
    async countPets() {
      /** @type {Record<string, number>} */
      const counts = { total: 0, available: 0, pending: 0, sold: 0, none: 0 };
      for (const row of await sql`select status, sum(count)::bigint as count from pet_counts group by status`) {
        counts[String(row.status)] = Number(row.count);
        counts.total = (counts.total ?? 0) + Number(row.count);
      }
      return counts;
    },
    /** @param {NewPet} newPet */
    async createPet(newPet) {
      const [row] = /** @type {PetRow[]} */ (
        await sql`
          insert into pets (name, category_id, status) values (${newPet.name}, ${newPet.categoryId}, ${newPet.status ?? null})
          returning id, name, category_id, status`
      );
      return row && toPet(row);
    },
    /** @param {string | number} id */
    async getPet(id) {
      const [row] = /** @type {PetRow[]} */ (await sql`select id, name, category_id, status from pets where id = ${id}`);
      return row ? toPet(row) : undefined;
    },
    /** @param {{ limit: number, afterId: number }} page */
    async listOrders({ limit, afterId }) {
      const rows = /** @type {OrderRow[]} */ (
        await sql`
          select id, pet_id, quantity, status, ship_date, created_at from orders
          where id > ${afterId} order by id limit ${limit}`
      );
      return rows.map(toOrder);
    },
    /**
     * GET /v1/photos/{photoId}/{variant}?expires&signature, as the app answers it
     * (lib/domain/photo-urls.ts): no key, the HMAC over the path and expiry checked with the
     * database's photo-URL key, the bytes from photo_blobs, the same headers.
     * @param {string} path
     * @param {URLSearchParams} search
     * @returns {Promise<BaselineAnswer>}
     */
    async photoFile(path, search) {
      const match = /^\/v1\/photos\/(\d+)\/(original|large|thumb)$/.exec(path);
      if (!match) return answer(404, { code: 'not_found', message: 'No such photo.', status: 404 });
      const expires = Number(search.get('expires'));
      photoUrlKey ??= sql`select secret from signing_keys where name = 'photo-urls'`.then(([row]) => /** @type {Buffer} */ (row?.secret));
      const expected = Buffer.from(
        createHmac('sha256', await photoUrlKey)
          .update(`${path}\n${expires}`)
          .digest('base64url'),
      );
      const given = Buffer.from(search.get('signature') ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected) || expires <= Date.now() / 1000) {
        return answer(403, { code: 'forbidden', message: 'This photo URL is not valid.', status: 403 });
      }
      // A row per part of the file (lib/domain/photo-store.ts), in order.
      const parts = await sql`
        select photo.storage_key, photo.content_type, blob.bytes from pet_photos photo
        join photo_blobs blob on blob.storage_key = photo.storage_key and blob.variant = ${match[2] ?? ''}
        where photo.id = ${match[1] ?? ''} and photo.detached_at is null
        order by blob.part`;
      const [row] = parts;
      if (!row) return answer(404, { code: 'not_found', message: 'No such photo.', status: 404 });
      const etag = createHash('sha256').update(`${row.storage_key}/${match[2]}`).digest('base64url').slice(0, 22);
      return {
        status: 200,
        body: parts.length === 1 ? /** @type {Uint8Array} */ (row.bytes) : Buffer.concat(parts.map((part) => /** @type {Uint8Array} */ (part.bytes))),
        headers: {
          'content-type': match[2] === 'original' ? String(row.content_type) : 'image/webp',
          etag: `"${etag}"`,
          'cache-control': `private, max-age=${Math.floor(expires - Date.now() / 1000)}, immutable`,
          'x-content-type-options': 'nosniff',
          'content-security-policy': 'sandbox',
        },
      };
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * Opens a pool on `url`; `handle` answers one request as { status, body, headers }.
 * @param {string} url
 * @param {{ max?: number, maxPipeline?: number }} [options]
 */
export function createBaseline(url, options = {}) {
  const queries = createQueries(url, options);

  /**
   * @param {BaselineRequest} request
   * @returns {Promise<BaselineAnswer>}
   */
  async function handle({ method, path, search, authorization, body }) {
    // A photo's file takes no key: its signed URL is one.
    if (path.startsWith('/v1/photos/') && method === 'GET') return queries.photoFile(path, search);
    if (!(await queries.isAuthorised(authorization))) return answer(401, { code: 'unauthorized', message: 'Invalid API key.', status: 401 });
    if (path === '/v1/pets' && method === 'GET') {
      const status = STATUSES.has(search.get('status') ?? '') ? search.get('status') : null;
      const pets = await queries.listPets({
        limit: limitOf(search),
        status,
        afterId: afterIdOf(search),
        name: search.get('name'),
        newestFirst: search.get('sort') === '-id',
      });
      return answer(200, pets);
    }
    if (path === '/v1/pets/counts' && method === 'GET') return answer(200, await queries.countPets());
    if (path === '/v1/pets' && method === 'POST') return answer(201, await queries.createPet(JSON.parse(await body())));
    const petPath = /^\/v1\/pets\/(\d+)$/.exec(path);
    if (petPath && method === 'GET') {
      const pet = await queries.getPet(petPath[1] ?? '');
      return pet ? answer(200, pet) : answer(404, { code: 'not_found', message: 'No such pet.', status: 404 });
    }
    if (path === '/v1/store/orders' && method === 'GET') {
      return answer(200, await queries.listOrders({ limit: limitOf(search), afterId: afterIdOf(search) }));
    }
    return answer(404, { code: 'not_found', message: 'No such operation.', status: 404 });
  }

  return { handle, close: queries.close };
}
