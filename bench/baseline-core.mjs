// The benchmark's baselines: the least work /v1 could do for each scenario
// (bearer lookup by SHA-256, one query, JSON), shared by the plain node:http
// server (bench/baseline-node.mjs) and the guarded Next.js route
// (app/bench-baseline), so both baselines do exactly the same work. No
// validation beyond what the query needs, no logging, no extra headers.
import { createHash } from 'node:crypto';
import postgres from 'postgres';

const JSON_HEADERS = { 'content-type': 'application/json' };
const STATUSES = new Set(['available', 'pending', 'sold']);

function answer(status, body, headers = JSON_HEADERS) {
  return { status, body: JSON.stringify(body), headers };
}

function toPet(row) {
  const pet = { id: Number(row.id), name: row.name, categoryId: Number(row.category_id) };
  if (row.status !== null) pet.status = row.status;
  return pet;
}

function toOrder(row) {
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

function limitOf(search) {
  const limit = Number(search.get('limit') ?? 20);
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : 20;
}

function afterIdOf(search) {
  const cursor = search.get('cursor');
  if (!cursor) return 0;
  const match = /^id:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : 0;
}

/** Opens a pool on `url`; `handle` answers one request as { status, body, headers }. */
export function createBaseline(url, { max = 10, maxPipeline = 1 } = {}) {
  // max_pipeline 1 as in the app (lib/db/client.ts); the driver's default is 100.
  const sql = postgres(url, { max, onnotice: () => {}, max_pipeline: maxPipeline });

  async function isAuthorised(authorization) {
    const match = /^Bearer (\S+)$/i.exec(authorization ?? '');
    if (!match) return false;
    const hash = createHash('sha256').update(match[1]).digest('hex');
    const [key] = await sql`select id, expires_at, revoked_at from api_keys where hash = ${hash}`;
    return Boolean(key && !key.revoked_at && (!key.expires_at || key.expires_at > new Date()));
  }

  async function handle({ method, path, search, authorization, body }) {
    if (!(await isAuthorised(authorization))) return answer(401, { code: 'unauthorized', message: 'Invalid API key.', status: 401 });
    if (path === '/v1/pets' && method === 'GET') {
      const limit = limitOf(search);
      const status = STATUSES.has(search.get('status')) ? search.get('status') : null;
      const afterId = afterIdOf(search);
      const name = search.get('name');
      let rows;
      if (name) {
        // The search scenario: unprepared, as the app runs it (lib/db/planned-each-time.ts).
        const pattern = `%${name.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        rows = await sql.unsafe('select id, name, category_id, status from pets where name ilike $1 order by id limit $2', [pattern, limit], { prepare: false });
      } else if (search.get('sort') === '-id') {
        rows = await sql`select id, name, category_id, status from pets order by id desc limit ${limit}`;
      } else {
        rows = status
          ? await sql`select id, name, category_id, status from pets where status = ${status} and id > ${afterId} order by id limit ${limit}`
          : await sql`select id, name, category_id, status from pets where id > ${afterId} order by id limit ${limit}`;
      }
      return answer(200, rows.map(toPet));
    }
    if (path === '/v1/pets/counts' && method === 'GET') {
      const counts = { total: 0, available: 0, pending: 0, sold: 0, none: 0 };
      for (const row of await sql`select status, sum(count)::bigint as count from pet_counts group by status`) {
        counts[row.status] = Number(row.count);
        counts.total += Number(row.count);
      }
      return answer(200, counts);
    }
    if (path === '/v1/pets' && method === 'POST') {
      const newPet = JSON.parse(await body());
      const [row] = await sql`
        insert into pets (name, category_id, status) values (${newPet.name}, ${newPet.categoryId}, ${newPet.status ?? null})
        returning id, name, category_id, status`;
      return answer(201, toPet(row));
    }
    const petPath = /^\/v1\/pets\/(\d+)$/.exec(path);
    if (petPath && method === 'GET') {
      const [row] = await sql`select id, name, category_id, status from pets where id = ${petPath[1]}`;
      return row ? answer(200, toPet(row)) : answer(404, { code: 'not_found', message: 'No such pet.', status: 404 });
    }
    if (path === '/v1/store/orders' && method === 'GET') {
      const rows = await sql`
        select id, pet_id, quantity, status, ship_date, created_at from orders
        where id > ${afterIdOf(search)} order by id limit ${limitOf(search)}`;
      return answer(200, rows.map(toOrder));
    }
    return answer(404, { code: 'not_found', message: 'No such operation.', status: 404 });
  }

  return { handle, close: () => sql.end({ timeout: 5 }) };
}
