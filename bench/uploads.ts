// Photo uploads under load: ten clients each send a 5 MB JPEG at the same moment (and
// again, for a few rounds), while one more client reads GET /v1/pets on a connection of
// its own, one request after another. Measured: that reader's p99 beside the uploads
// (and, first, without them), the uploads' own times, and how far the server's resident
// memory rises above where it stood before (sampled every 100 ms). The app alone, on a
// server of its own over the bench database; the photos it adds are deleted after.
import { Agent, fetch as undiciFetch } from 'undici';
import { photoLikeJpeg } from './photos';
import { sampleProcessTree, startNextServer } from './servers';

export type UploadResult = {
  clients: number;
  rounds: number;
  jpegBytes: number;
  uploads: { count: number; byStatus: Record<string, number>; p50Ms: number; maxMs: number };
  /** GET /v1/pets?limit=20 on its own connection, one request at a time. */
  listQuiet: { requests: number; p50Ms: number; p99Ms: number };
  listBeside: { requests: number; p50Ms: number; p99Ms: number };
  rssBeforeMb: number;
  rssPeakMb: number;
};

const JPEG_BYTES = 5 * 1024 * 1024;
const RSS_SAMPLE_MS = 100;

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
};
const rounded = (ms: number) => Math.round(ms * 10) / 10;
const summary = (latencies: number[]) => ({
  requests: latencies.length,
  p50Ms: rounded(percentile(latencies, 0.5)),
  p99Ms: rounded(percentile(latencies, 0.99)),
});

export async function measureUploads(options: {
  node: string;
  databaseUrl: string;
  apiKey: string;
  env: Record<string, string>;
  clients: number;
  rounds: number;
}): Promise<UploadResult> {
  const { apiKey } = options;
  const server = await startNextServer({ node: options.node, databaseUrl: options.databaseUrl, env: options.env, apiKey });
  const headers = { authorization: `Bearer ${apiKey}` };
  const added: { petId: number; photoId: number }[] = [];
  const call = (path: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${path}`, { ...init, headers: { ...headers, ...init.headers } });
  try {
    const jpeg = await photoLikeJpeg(JPEG_BYTES);
    // A pet per client: a pet takes 20 photos at most.
    const pets: number[] = [];
    for (let client = 0; client < options.clients; client++) {
      const created = await call('/v1/pets', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench uploads ${client}`, categoryId: 1 }),
      });
      pets.push(((await created.json()) as { id: number }).id);
    }
    const upload = async (petId: number): Promise<{ status: number; ms: number }> => {
      const started = performance.now();
      const response = await call(`/v1/pets/${petId}/photos`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: new Uint8Array(jpeg) });
      const body = (await response.json()) as { id?: number };
      if (response.status === 201 && body.id) added.push({ petId, photoId: body.id });
      return { status: response.status, ms: performance.now() - started };
    };
    // Warmed: the upload path and the reader's, once each.
    await upload(pets[0]!);
    await call('/v1/pets?limit=20').then((response) => response.arrayBuffer());

    // The reader: one connection, one request after another, until told to stop.
    const reader = new Agent({ connections: 1 });
    const readWhile = async (isRunning: () => boolean): Promise<number[]> => {
      const latencies: number[] = [];
      while (isRunning()) {
        const started = performance.now();
        const response = await undiciFetch(`${server.baseUrl}/v1/pets?limit=20`, { headers, dispatcher: reader });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
      }
      return latencies;
    };
    const quietUntil = performance.now() + 3_000;
    const quiet = await readWhile(() => performance.now() < quietUntil);

    const rssBefore = sampleProcessTree(server.pid).rssBytes;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, sampleProcessTree(server.pid).rssBytes)), RSS_SAMPLE_MS);
    let isUploading = true;
    const beside = readWhile(() => isUploading);
    const results: { status: number; ms: number }[] = [];
    for (let round = 0; round < options.rounds; round++) results.push(...(await Promise.all(pets.map(upload))));
    isUploading = false;
    const besideLatencies = await beside;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, sampleProcessTree(server.pid).rssBytes);
    await reader.close();

    const byStatus: Record<string, number> = {};
    for (const { status } of results) byStatus[status] = (byStatus[status] ?? 0) + 1;
    const times = results.map((result) => result.ms);
    return {
      clients: options.clients,
      rounds: options.rounds,
      jpegBytes: jpeg.byteLength,
      uploads: { count: results.length, byStatus, p50Ms: Math.round(percentile(times, 0.5)), maxMs: Math.round(Math.max(...times)) },
      listQuiet: summary(quiet),
      listBeside: summary(besideLatencies),
      rssBeforeMb: Math.round(rssBefore / 2 ** 20),
      rssPeakMb: Math.round(rssPeak / 2 ** 20),
    };
  } finally {
    for (const { petId, photoId } of added) await call(`/v1/pets/${petId}/photos/${photoId}`, { method: 'DELETE' });
    await server.stop();
  }
}
