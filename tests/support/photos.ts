// Photos for the tests: images made with sharp in the test (a JPEG that carries
// EXIF location and an orientation, a PNG, an animated WebP, an AVIF passed off as
// HEIC), a decompression bomb written by hand (no image library would encode one
// quickly: that is the point of it), uploads through api(), and the signed files,
// fetched as a browser's <img> fetches them and checked against the served document.
import zlib from 'node:zlib';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import type { Photo } from '@/lib/contract/photos';
import { api, type ApiOptions, type ApiResponse } from './api';
import { openApiDocument } from './openapi';

type Colour = { r: number; g: number; b: number };

const solid = (width: number, height: number, background: Colour | string = { r: 200, g: 120, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background } });

export const jpeg = (width = 64, height = 48) => solid(width, height).jpeg().toBuffer();
export const png = (width = 64, height = 48) => solid(width, height, { r: 20, g: 90, b: 200 }).png().toBuffer();
export const webp = (width = 64, height = 48) => solid(width, height).webp().toBuffer();
export const avif = (width = 64, height = 48) => solid(width, height).avif().toBuffer();
export const gif = () => solid(32, 32).gif().toBuffer();

export const EXIF_SECRET = 'Serial 4711 at the vet';

/**
 * A 200 × 100 JPEG as a phone writes it: EXIF orientation 6 (shown turned a quarter, so
 * 100 × 200), camera make, a comment and a GPS position.
 */
export const jpegWithLocation = () =>
  solid(200, 100)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Acme Phones', ImageDescription: EXIF_SECRET },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 12/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 39/1' },
    })
    .toBuffer();

/** Whether raw EXIF holds a GPS IFD pointer (tag 0x8825), in either byte order. */
export const hasGpsTag = (exif: Buffer | undefined) => Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))));

export async function animatedWebp(): Promise<Buffer> {
  const frames = await Promise.all([solid(32, 32, 'red').png().toBuffer(), solid(32, 32, 'blue').png().toBuffer()]);
  return sharp(frames, { join: { animated: true } })
    .webp({ loop: 0 })
    .toBuffer();
}

/** An AVIF whose brands say HEIC: read as an HEVC-coded HEIF, what an iPhone sends. */
export async function heic(): Promise<Buffer> {
  const bytes = Buffer.from(await avif());
  bytes.write('heic', 8, 'latin1');
  return bytes;
}

export const svg = () =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64"/></svg>');

const crc32 = (bytes: Buffer) => zlib.crc32(bytes);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A 20,000 × 20,000 PNG (400 megapixels) of under 100 KB: one bit per pixel, all zero,
 * deflated. Decoded, it would take 400 MB to 1.2 GB.
 */
export function decompressionBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth 1, greyscale, no interlace
  const rows = Buffer.alloc((1 + side / 8) * side);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A multipart/form-data body with the given parts (a file part has a file name and a type). */
export function formData(parts: { name: string; bytes: Uint8Array; filename?: string; type?: string }[]): { body: Uint8Array; contentType: string } {
  const boundary = `petstore-test-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.from(part.bytes), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Where a photo test sends its requests: the suite's server, or one of the test's own. */
export type PhotoTarget = { baseUrl: string; apiKey: string };

export const onTarget = (target: PhotoTarget, options: ApiOptions = {}): ApiOptions => ({ baseUrl: target.baseUrl, key: target.apiKey, ...options });

/** POST /v1/pets/{petId}/photos with `bytes` as the body. */
export const uploadPhoto = (target: PhotoTarget, petId: number, bytes: Uint8Array, contentType = 'image/jpeg', options: ApiOptions = {}) =>
  api<Photo>('POST', `/v1/pets/${petId}/photos`, onTarget(target, { body: bytes, contentType, ...options }));

/** Uploads and expects 201. */
export async function addPhoto(target: PhotoTarget, petId: number, bytes: Uint8Array, contentType = 'image/jpeg'): Promise<Photo> {
  const response = await uploadPhoto(target, petId, bytes, contentType);
  expect(response.status, `upload: ${JSON.stringify(response.body)}`).toBe(201);
  return response.body;
}

export async function listPhotos(target: PhotoTarget, petId: number): Promise<Photo[]> {
  const response = await api<Photo[]>('GET', `/v1/pets/${petId}/photos`, onTarget(target));
  expect(response.status).toBe(200);
  return response.body;
}

export type PhotoFile = { status: number; headers: Headers; bytes: Buffer };

/**
 * A photo's signed URL fetched as an <img> does: no Authorization. A 200 or 304, whose
 * status and type the document must describe for getPhotoFile (a refusal is JSON: tests
 * fetch those with api()).
 */
export async function fetchPhotoFile(target: PhotoTarget, url: string, headers: Record<string, string> = {}): Promise<PhotoFile> {
  const response = await fetch(new URL(url, target.baseUrl), { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  const where = `GET ${url} -> ${response.status}`;
  expect([200, 304], `${where}: ${bytes.toString('utf8', 0, 300)}`).toContain(response.status);
  const documented = (await openApiDocument()).paths['/photos/{photoId}/{variant}']?.get?.responses?.[String(response.status)] as
    { content?: object } | undefined;
  expect(documented, `${where}: documented`).toBeDefined();
  if (response.status === 200)
    expect(Object.keys(documented!.content ?? {}), `${where}: Content-Type documented`).toContain(response.headers.get('content-type'));
  else expect(bytes.byteLength, `${where}: no body`).toBe(0);
  expect(response.headers.get('x-request-id'), `${where}: X-Request-Id`).toBeTruthy();
  return { status: response.status, headers: response.headers, bytes };
}

/** A refused photo URL, through api() (its Error is checked against the document). */
export const fetchRefusedPhotoFile = (target: PhotoTarget, url: string): Promise<ApiResponse> => api('GET', url, { baseUrl: target.baseUrl, key: null });

/** A pet of its own on the target. */
export async function addPetOn(target: PhotoTarget, name = 'Photogenic'): Promise<number> {
  const response = await api<{ id: number }>('POST', '/v1/pets', onTarget(target, { json: { name, categoryId: 1 } }));
  expect(response.status).toBe(201);
  return response.body.id;
}

export const suiteTarget = (): PhotoTarget => ({ baseUrl: inject('baseUrl'), apiKey: inject('apiKey') });
