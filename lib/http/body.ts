// Reads a JSON request body: at most MAX_BODY_BYTES (64 KiB; 413), present (400), the right
// media type (415), valid UTF-8 and valid JSON (400).
import { MAX_BODY_BYTES } from '../contract/limits.mjs';
import { RequestRefusal } from './errors';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

export async function readJsonBody(request: Request): Promise<unknown> {
  const bytes = await readBodyBytes(request);
  // No bytes at all is the contract's missing body (400) whatever the headers say;
  // 415 is for a body that is there in another media type (docs/ARCHITECTURE.md).
  if (bytes.byteLength === 0) throw missingBody();
  const mediaType = request.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    const got = mediaType ? `got ${mediaType}` : 'none was given';
    throw new RequestRefusal('unsupported_media_type', `Content-Type must be application/json (${got}).`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RequestRefusal('invalid_request', 'The request body is not valid UTF-8.');
  }
  if (text.trim() === '') throw missingBody();
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new RequestRefusal('invalid_request', `The request body is not valid JSON: ${(error as Error).message}.`);
  }
}

export type BodyLimit = { bytes: number; refusal: () => RequestRefusal };

const JSON_BODY_LIMIT: BodyLimit = {
  bytes: MAX_BODY_BYTES,
  refusal: () => new RequestRefusal('payload_too_large', `The request body must be at most ${MAX_BODY_BYTES / 1024} KiB.`),
};

/** The raw body, at most MAX_BODY_BYTES unless the route takes more (a photo: lib/http/photo-upload.ts); 413 beyond. */
export async function readBodyBytes(request: Request, limit: BodyLimit = JSON_BODY_LIMIT): Promise<Uint8Array> {
  const declaredLength = request.headers.get('content-length');
  if (Number(declaredLength ?? 0) > limit.bytes) throw limit.refusal();
  // A declared length is all that Node's parser hands over (the front door's limit,
  // server/body-limit.mjs, is this route's): read whole, without a web stream (on the
  // /v1 path the adapter reads the node:http message itself).
  if (declaredLength !== null) return new Uint8Array(await request.arrayBuffer());
  return readAtMost(request, limit);
}

async function readAtMost(request: Request, limit: BodyLimit): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit.bytes) {
      // Not cancelled: cancelling the stream destroys the request, and with it the
      // connection, under the client's writes; the front door drops the rest
      // and closes lingering once the 413 is sent (server/body-limit.mjs).
      reader.releaseLock();
      throw limit.refusal();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const missingBody = () => new RequestRefusal('invalid_request', 'A JSON request body is required.');
