// Compression of /v1 answers on the production path: gzip (or brotli for a
// client that takes only that) when the client accepts it and the body is big enough to gain (docs/PERFORMANCE.md,
// "Compression", has the measurement behind the threshold). Next compresses the
// same answers when it serves /v1 itself (next.config.mjs `compress`).
import zlib from 'node:zlib';
import { answer, headerOf, isAnswer, partsOf } from '../http/respond';

// An answer that fits one TCP segment (MSS ~1,448 bytes on Ethernet) gains
// no packet and no round trip from compression, only CPU: a first page of 20
// pets (~1.3 KB) goes out as it is, a page of 100 (~6.5 KB) gzipped to ~0.9 KB.
const COMPRESS_MIN_BYTES = 1_400;

// On this API's JSON (1-11 KB) gzip level 6 and brotli quality 4 shrink alike
// (to ~15%), and gzip costs less CPU: it is preferred when both are accepted.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

type Encoding = 'br' | 'gzip';

/** The best encoding the Accept-Encoding header allows, if any (q=0 refuses one). */
function acceptedEncoding(acceptEncoding: string | null): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token, ...parameters] = part.trim().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    weights.set(token!.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  if (weightOf('gzip') > 0) return 'gzip';
  if (weightOf('br') > 0) return 'br';
  return undefined;
}

/**
 * `response` compressed for `request` when that gains anything; else `response`
 * itself, untouched (a client that accepts no encoding costs nothing here).
 */
export async function compressed(request: Request, response: Response): Promise<Response> {
  const encoding = acceptedEncoding(request.headers.get('accept-encoding'));
  if (!encoding || request.method === 'HEAD' || response.status === 204) return response;
  // JSON only: a stream (the change feed's text/event-stream) is never buffered here.
  if (!headerOf(response, 'content-type')?.startsWith('application/json') || headerOf(response, 'content-encoding') !== null) return response;
  const parts = await partsOf(response);
  const size = parts.body === null ? 0 : typeof parts.body === 'string' ? Buffer.byteLength(parts.body) : parts.body.byteLength;
  // A body that had to be read back is used up: the same answer is made again from its parts.
  if (parts.body === null || size < COMPRESS_MIN_BYTES) return isAnswer(response) ? response : answer(parts);
  const packed = encoding === 'br' ? zlib.brotliCompressSync(parts.body, BROTLI_OPTIONS) : zlib.gzipSync(parts.body, GZIP_OPTIONS);
  const { vary } = parts.headers;
  const headers: Record<string, string> = { ...parts.headers, 'content-encoding': encoding, vary: vary ? `${vary}, accept-encoding` : 'accept-encoding' };
  // The adapter sets the length of what it sends.
  delete headers['content-length'];
  return answer({ status: parts.status, body: packed, headers });
}
