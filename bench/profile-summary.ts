// Summarises V8 CPU profiles (.cpuprofile from `node --cpu-prof`): self time by
// module (node_modules package, Next.js area, the app, Node internals, GC) and
// by function, so the framework's per-request cost can be read at a glance.
import fs from 'node:fs';
import path from 'node:path';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
/** A span of the profile, in ms from its start (about when the process started). */
export type Window = { from: number; to: number };

/** The bucket a script belongs to: a package, an area of Next.js, the app, or Node itself. */
function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/').slice(0, 2).join('/')}`;
  const inNext = /node_modules\/next\/dist\/(?:compiled\/)?([^/]+)(?:\/([^/]+))?/.exec(url);
  if (inNext) return `next/${inNext[1]}${inNext[2] && !inNext[2].includes('.') ? `/${inNext[2]}` : ''}`;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.includes('.next/server/') || url.includes('.next-bench/server/')) return 'app (.next/server bundles)';
  if (url.includes('/build/v1.mjs')) return 'app (build/v1.mjs)';
  return url.replace(/^file:\/\//, '');
}

/** A coarser grouping, for the one-line answer to "where does a request's CPU go?". */
function areaOf(bucket: string): string {
  if (bucket.startsWith('next/')) return 'Next.js server (next/dist)';
  if (bucket === 'app (build/v1.mjs)') return 'our code (build/v1.mjs: route handlers, lib/)';
  if (bucket.startsWith('app (')) return 'compiled route bundles (Next app-route runtime, our code, drizzle, zod)';
  if (bucket === '@hono/node-server') return 'node-to-fetch adapter (@hono/node-server)';
  if (bucket === 'drizzle-orm' || bucket === 'zod') return 'drizzle, zod';
  if (bucket.startsWith('node:')) return 'Node.js library (http, streams, web streams, async_hooks, undici, …)';
  if (bucket === '(garbage collector)') return 'garbage collector';
  if (bucket === '(native)') return 'native (socket writes, JSON, microtask queue, …)';
  if (bucket === 'postgres') return 'postgres driver';
  if (bucket === 'pino' || bucket === 'sonic-boom') return 'logging (pino)';
  return 'other';
}

function selfTimes(profile: Profile, windows: Window[] | undefined): Map<number, number> {
  const times = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    const ms = at / 1000;
    if (windows && !windows.some((window) => ms >= window.from && ms <= window.to)) return;
    times.set(id, (times.get(id) ?? 0) + delta);
  });
  return times;
}

/** Self time by module and by function; with `windows`, only the samples inside them. */
export function summariseProfiles(directory: string, windows?: Window[], top = 25): string {
  const files = fs.readdirSync(directory).filter((file) => file.endsWith('.cpuprofile'));
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(path.join(directory, file), 'utf8')) as Profile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const [id, microseconds] of selfTimes(profile, windows)) {
      const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
      const bucket = moduleOf(url, functionName);
      total += microseconds;
      byModule.set(bucket, (byModule.get(bucket) ?? 0) + microseconds);
      const name = `${functionName || '(anonymous)'} ${bucket}${url ? `:${lineNumber + 1}` : ''}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + microseconds);
    }
  }
  const busy = total - (byModule.get('(idle)') ?? 0);
  const byArea = new Map<string, number>();
  for (const [bucket, microseconds] of byModule) {
    if (bucket === '(idle)') continue;
    byArea.set(areaOf(bucket), (byArea.get(areaOf(bucket)) ?? 0) + microseconds);
  }
  const table = (title: string, entries: Map<string, number>) => [
    `| ${title} | self ms | % of busy |`,
    '|---|--:|--:|',
    ...[...entries]
      .filter(([name]) => !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, microseconds]) => `| ${name.replaceAll('|', '\\|')} | ${(microseconds / 1000).toFixed(0)} | ${((100 * microseconds) / busy).toFixed(1)} |`),
  ];
  return [
    `## CPU profile of the app's server (${files.length} profile(s)${windows ? ', measured windows only' : ''}: ` +
      `${(busy / 1000).toFixed(0)} ms busy, ${((byModule.get('(idle)') ?? 0) / 1000).toFixed(0)} ms idle)`,
    '',
    ...table('area', byArea),
    '',
    ...table('module', byModule),
    '',
    ...table('function', byFunction),
    '',
  ].join('\n');
}

// `tsx bench/profile-summary.ts DIR`: summarise profiles taken by hand.
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(summariseProfiles(process.argv[2] ?? '.'));
}
