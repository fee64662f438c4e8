// The fleet under faults (npm run test:fleet): nginx in front of three
// instances over PgBouncer (transaction pooling), as `npm run fleet` runs it.
// A revocation through one instance is refused by the others before it
// returns; kill -9 of an instance under load fails no GET and creates each
// retried POST exactly once; a rolling restart fails no request (nginx closes
// idle connections to an instance before the instance would); a PgBouncer
// restart answers 503 while it is down, recovers by itself and loses nothing
// acknowledged. A photo uploaded through one instance is served by the others.
// Each prints its figures.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, signInToDashboard } from '../support/dashboard-session';
import { startFleet, type Fleet } from '../../scripts/fleet/fleet';
import { findBinary } from '../../scripts/fleet/processes';
import { runFleetLoad, storedPetCounts, tally, type Outcome } from '../support/fleet-load';
import { sleep } from '../support/load';
import { createTestDatabase } from '../support/server';

const LOOPS = 6;
const hasPackages = Boolean(findBinary('nginx') && findBinary('pgbouncer'));

describe.skipIf(!hasPackages)('a fleet of three instances behind nginx over PgBouncer', () => {
  let database: { url: string; drop: () => Promise<void> };
  let fleet: Fleet;
  const apiKey = `psk_test_${randomBytes(24).toString('base64url')}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    fleet = await startFleet({
      instances: 3,
      databaseUrl: database.url,
      env: {
        PETSTORE_BOOTSTRAP_API_KEY: apiKey,
        PETSTORE_SEED: 'never',
        REDIS_KEY_PREFIX: `petstore-fleet-test-${randomBytes(4).toString('hex')}:`,
      },
    });
  });

  afterAll(async () => {
    await fleet?.stop();
    await database?.drop();
  });

  it('refuses a key revoked through one instance on every other, before the revoke returns', async () => {
    const rounds = 4;
    let refusedAtOnce = 0;
    for (let round = 0; round < rounds; round++) {
      const [revoker, ...others] = rotate(fleet.instances, round);
      const created = await fetch(`${revoker!.baseUrl}/v1/api-keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `fleet-revoked-${round}`, scope: 'read' }),
      });
      expect(created.status).toBe(201);
      const { id, key } = (await created.json()) as { id: number; key: string };
      // Every instance has accepted (and cached) the key.
      for (const instance of fleet.instances) expect((await listPets(instance.baseUrl, key)).status).toBe(200);
      const revoked = await fetch(`${revoker!.baseUrl}/v1/api-keys/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${apiKey}` } });
      expect(revoked.status).toBe(200);
      for (const instance of others) {
        const response = await listPets(instance.baseUrl, key);
        expect(response.status).toBe(401);
        refusedAtOnce++;
      }
    }
    console.log(`fleet figures, revocation: ${JSON.stringify({ rounds, refusedOnTheNextRequest: refusedAtOnce, of: rounds * 2 })}`);
  });

  it('a user disabled through one instance: their session and keys answer 401 on every instance at once, and the next page is sign-in', async () => {
    const [admin, signedInAt, other] = fleet.instances;
    const email = `fleet-disabled-${randomBytes(4).toString('hex')}@fleet.test`;
    const [firstPassword, password] = ['a first fleet test password', 'a fleet test password'];
    const made = await fetch(`${admin!.baseUrl}/v1/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: firstPassword, role: 'editor' }),
    });
    const user = (await made.json()) as { id: number };
    // The password an admin set is replaced at the first sign-in; until then the session only reads.
    const first = (await signInToDashboard(signedInAt!.baseUrl, email, firstPassword))!;
    const chosen = await fetch(`${signedInAt!.baseUrl}/v1/me/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${first.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: firstPassword, newPassword: password }),
    });
    expect(chosen.status).toBe(204);
    const session = (await signInToDashboard(signedInAt!.baseUrl, email, password))!;
    const ownKey = await fetch(`${other!.baseUrl}/v1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'their script', scope: 'write' }),
    });
    const { key } = (await ownKey.json()) as { key: string };
    for (const instance of fleet.instances) for (const held of [session.apiKey, key]) expect((await listPets(instance.baseUrl, held)).status).toBe(200);

    const disabled = await fetch(`${admin!.baseUrl}/v1/users/${user.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ disabled: true }),
    });
    expect(disabled.status).toBe(200);
    const started = performance.now();
    for (const instance of fleet.instances) for (const held of [session.apiKey, key]) expect((await listPets(instance.baseUrl, held)).status).toBe(401);
    const page = await openPage(signedInAt!.baseUrl, '/orders', session.cookie);
    expect(page.location).toMatch(/^\/signin/);
    expect((await openPage(signedInAt!.baseUrl, page.location!, session.cookie)).text).toContain('Your account was disabled');
    console.log(`fleet figures, disable: ${JSON.stringify({ keysRefusedOnEveryInstance: 6, ms: Math.round(performance.now() - started) })}`);
  });

  it('fails no GET when one of three instances is killed with SIGKILL under load, and creates each retried POST exactly once', async () => {
    const prefix = `fleet-kill-${Date.now()}`;
    let isStopped = false;
    const load = runFleetLoad({ url: fleet.url, apiKey, loops: LOOPS, prefix, retryPostsForMs: 90_000, shouldStop: () => isStopped });
    await sleep(2_000);
    const victim = fleet.instances[1]!;
    const killedAt = performance.now();
    await victim.stop('SIGKILL');
    await sleep(4_000);
    isStopped = true;
    const outcomes = await load.done;
    await victim.start();

    const posts = outcomes.filter((outcome) => outcome.method === 'POST');
    const stored = await storedPetCounts(database.url, prefix);
    const figures = {
      ...summary(outcomes),
      postsRetried: posts.filter((outcome) => outcome.tries > 1).length,
      postsAnsweredAfterTheKill: posts.filter((outcome) => outcome.answeredAt > killedAt).length,
      storedOnce: posts.filter((outcome) => stored.get(outcome.name!) === 1).length,
      storedTwiceOrMore: [...stored.values()].filter((count) => count > 1).length,
    };
    console.log(`fleet figures, kill -9 of one of three: ${JSON.stringify(figures)}`);
    expect(outcomes.filter((outcome) => outcome.method === 'GET' && outcome.status !== 200)).toEqual([]);
    expect(posts.filter((outcome) => outcome.status !== 201)).toEqual([]);
    expect(figures.storedOnce).toBe(posts.length);
    expect(stored.size).toBe(posts.length);
  });

  it('fails no request while every instance is restarted in turn (SIGTERM, the next once the last is ready)', async () => {
    const prefix = `fleet-rolling-${Date.now()}`;
    let isStopped = false;
    const load = runFleetLoad({ url: fleet.url, apiKey, loops: LOOPS, prefix, retryPostsForMs: 0, shouldStop: () => isStopped });
    await sleep(1_000);
    const restarts: number[] = [];
    for (const instance of fleet.instances) {
      const started = performance.now();
      await instance.stop('SIGTERM');
      await instance.start();
      restarts.push(Math.round(performance.now() - started));
    }
    await sleep(1_000);
    isStopped = true;
    const outcomes = await load.done;

    const stored = await storedPetCounts(database.url, prefix);
    const acknowledged = outcomes.filter((outcome) => outcome.status === 201);
    console.log(`fleet figures, rolling restart: ${JSON.stringify({ ...summary(outcomes), restartMs: restarts })}`);
    expect(outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 201)).toEqual([]);
    expect(acknowledged.filter((outcome) => stored.get(outcome.name!) !== 1)).toEqual([]);
  });

  it('closes its idle connections to an instance before the instance would, so no POST is sent on one being closed', async () => {
    // A connection an instance closes while nginx sends a POST on it is reset, and nginx never
    // sends a POST twice: the client would get a 503 (one in 2,075 requests of a rolling restart).
    const nginxConf = fs.readFileSync('deploy/nginx.conf', 'utf8');
    const nginxIdleSeconds = Number(/upstream petstore \{[^]*?keepalive_timeout (\d+)s;/.exec(nginxConf)?.[1]);
    // Read with node:http: fetch does not show the Keep-Alive header.
    const keepAlive = await new Promise<string>((resolve, reject) =>
      http
        .get(`${fleet.instances[0]!.baseUrl}/healthz`, (response) => {
          response.resume();
          resolve(String(response.headers['keep-alive']));
        })
        .on('error', reject),
    );
    const instanceIdleSeconds = Number(/timeout=(\d+)/.exec(keepAlive)?.[1]);
    expect(instanceIdleSeconds).toBeGreaterThan(0);
    expect(nginxIdleSeconds).toBeGreaterThan(0);
    expect(nginxIdleSeconds).toBeLessThan(instanceIdleSeconds);
  });

  it('serves a photo uploaded through one instance from every other, its bytes in the database', async () => {
    const [uploader, ...others] = fleet.instances;
    const headers = { authorization: `Bearer ${apiKey}` };
    const pet = await fetch(`${uploader!.baseUrl}/v1/pets`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Seen everywhere', categoryId: 1 }),
    });
    const { id: petId } = (await pet.json()) as { id: number };
    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: 'olive' } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(`${uploader!.baseUrl}/v1/pets/${petId}/photos`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      body: image,
    });
    expect(uploaded.status).toBe(201);
    const photo = (await uploaded.json()) as { id: number; urls: Record<'original' | 'large' | 'thumb', string> };
    for (const instance of [...others, { baseUrl: fleet.url }]) {
      const listed = await fetch(`${instance.baseUrl}/v1/pets/${petId}/photos`, { headers });
      expect(((await listed.json()) as { id: number }[]).map((listedPhoto) => listedPhoto.id)).toEqual([photo.id]);
      for (const url of Object.values(photo.urls)) {
        const file = await fetch(`${instance.baseUrl}${url}`);
        expect(file.status, `${instance.baseUrl}${url}`).toBe(200);
        expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
      }
    }
  });

  it('answers 503 while PgBouncer is down, recovers by itself once it is back, and loses nothing acknowledged', async () => {
    const prefix = `fleet-pooler-${Date.now()}`;
    let isStopped = false;
    const load = runFleetLoad({ url: fleet.url, apiKey, loops: LOOPS, prefix, retryPostsForMs: 0, pauseMs: 20, shouldStop: () => isStopped });
    await sleep(1_500);
    const stoppedAt = performance.now();
    await fleet.pgbouncer.stop('SIGTERM');
    await sleep(3_000);
    await fleet.pgbouncer.start();
    const backAt = performance.now();
    // Recovered: every instance answers a GET again (asked directly, so nginx cannot pick a healthy one).
    for (const instance of fleet.instances) {
      while ((await listPets(instance.baseUrl, apiKey)).status !== 200) {
        expect(performance.now() - backAt).toBeLessThan(15_000);
        await sleep(100);
      }
    }
    const recoveredMs = Math.round(performance.now() - backAt);
    await sleep(1_000);
    isStopped = true;
    const outcomes = await load.done;

    const stored = await storedPetCounts(database.url, prefix);
    const acknowledged = outcomes.filter((outcome) => outcome.status === 201);
    const whileDown = outcomes.filter((outcome) => outcome.answeredAt > stoppedAt && outcome.sentAt < backAt);
    console.log(
      `fleet figures, PgBouncer restart: ${JSON.stringify({
        ...summary(outcomes),
        downMs: Math.round(backAt - stoppedAt),
        answeredWhileDown: tally(whileDown),
        allInstancesRecoveredMsAfterRestart: recoveredMs,
        acknowledgedCreates: acknowledged.length,
        acknowledgedStored: acknowledged.filter((outcome) => stored.get(outcome.name!) === 1).length,
      })}`,
    );
    expect(outcomes.filter((outcome) => ![200, 201, 503].includes(outcome.status ?? 0))).toEqual([]);
    expect(outcomes.some((outcome) => outcome.status === 503)).toBe(true);
    expect(acknowledged.filter((outcome) => stored.get(outcome.name!) !== 1)).toEqual([]);
  });
});

function listPets(baseUrl: string, key: string): Promise<Response> {
  return fetch(`${baseUrl}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${key}` } });
}

function rotate<T>(items: T[], by: number): T[] {
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

function summary(outcomes: Outcome[]) {
  const seconds = outcomes.length ? (Math.max(...outcomes.map((o) => o.answeredAt)) - Math.min(...outcomes.map((o) => o.sentAt))) / 1000 : 0;
  return { requests: outcomes.length, seconds: Math.round(seconds * 10) / 10, byStatus: tally(outcomes) };
}
