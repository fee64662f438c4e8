// A CSV import under the bench (docs/PERFORMANCE.md, "Imports"): a file of `rows` new pets
// posted to POST /v1/pets/imports on a server of its own over the bench database, timed
// from the POST to the Import's `done`; the server's resident memory sampled every 100 ms
// meanwhile. Beside it, the floor: a plain COPY of the same rows into pets (its triggers,
// the activity log's among them, fire as for the import). The rows are removed after.
import postgres from 'postgres';
import { sampleProcessTree, startNextServer } from './servers';

export type ImportResult = {
  rows: number;
  fileMb: number;
  /** POST to 202 (the file checked and stored), and POST to `done`. */
  acceptedMs: number;
  seconds: number;
  rowsPerSecond: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  copySeconds: number;
  copyRowsPerSecond: number;
};

const RSS_SAMPLE_MS = 100;
const CATEGORY_ID = 7;
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

function fileOf(rows: number, prefix: string): string {
  const lines = ['name,categoryId,status,tags'];
  for (let index = 0; index < rows; index++) lines.push(`${prefix} ${index},${CATEGORY_ID},available,bench; imported`);
  return `${lines.join('\n')}\n`;
}

export async function measureImport(options: {
  node: string;
  databaseUrl: string;
  apiKey: string;
  env: Record<string, string>;
  rows: number;
}): Promise<ImportResult> {
  const { apiKey, rows } = options;
  const csv = fileOf(rows, 'Bench import');
  const server = await startNextServer({ node: options.node, databaseUrl: options.databaseUrl, env: options.env, apiKey });
  const pid = server.pid;
  const rssBefore = sampleProcessTree(pid).rssBytes;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, sampleProcessTree(pid).rssBytes);
  }, RSS_SAMPLE_MS);
  let acceptedMs: number;
  let seconds: number;
  try {
    const started = performance.now();
    const posted = await fetch(`${server.baseUrl}/v1/pets/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'text/csv' },
      body: csv,
    });
    if (posted.status !== 202) throw new Error(`POST /v1/pets/imports answered ${posted.status}: ${await posted.text()}`);
    acceptedMs = Math.round(performance.now() - started);
    const { id } = (await posted.json()) as { id: number };
    for (;;) {
      const state = (await (await fetch(`${server.baseUrl}/v1/pets/imports/${id}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as {
        state: string;
        created: number;
        failed: number;
      };
      if (state.state === 'done') {
        if (state.created !== rows) throw new Error(`the import created ${state.created} pets of ${rows} (${state.failed} failed)`);
        break;
      }
      if (state.state !== 'queued' && state.state !== 'running') throw new Error(`the import ended ${state.state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    seconds = (performance.now() - started) / 1000;
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
  const copySeconds = await timeCopy(options.databaseUrl, rows);
  return {
    rows,
    fileMb: Math.round((Buffer.byteLength(csv) / 2 ** 20) * 10) / 10,
    acceptedMs,
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(rows / seconds),
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(rssPeak),
    copySeconds: Math.round(copySeconds * 10) / 10,
    copyRowsPerSecond: Math.round(rows / copySeconds),
  };
}

/** A plain COPY of the same rows into pets, in one transaction; seconds. */
async function timeCopy(databaseUrl: string, rows: number): Promise<number> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const lines: string[] = [];
    for (let index = 0; index < rows; index++) lines.push(`Bench copy ${index}\t${CATEGORY_ID}\tavailable\t{bench,imported}\n`);
    const started = performance.now();
    await sql.begin(async (transaction) => {
      const writable = await transaction`copy pets (name, category_id, status, tags) from stdin`.writable();
      await new Promise<void>((resolve, reject) => {
        writable.on('error', reject);
        writable.on('finish', resolve);
        for (const line of lines) writable.write(line);
        writable.end();
      });
    });
    return (performance.now() - started) / 1000;
  } finally {
    await sql.end();
  }
}
