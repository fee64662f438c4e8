// What an uploaded photo is, and the images kept of it. The type and the size come
// from the bytes, read by sharp (libvips), never from a header; the pixel count is
// checked from the image's header before anything is decoded. Every image kept is
// re-encoded with its orientation applied, so no metadata (EXIF location, camera
// serials, comments, XMP) survives: the original in its own format, `large` and
// `thumb` as WebP. Decoding runs on libvips' threads, off the event loop; how many
// run at once is the caller's bound (lib/http/photo-slots.ts).
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MAX_PHOTO_PIXELS, PHOTO_SIZES, type PhotoMediaType } from '../contract/photos';

// libvips keeps recent operations' results in a cache of its own (50 MB by default): an
// upload is never processed twice, so the cache would only hold memory.
sharp.cache(false);

/** A refusal of the bytes sent, in the words of the Error codes. */
export type ImageRefusal = { ok: false; problem: 'unsupported_media_type' | 'invalid_request'; message: string };

/** An image that may be stored: its type, and its size with its orientation applied. */
export type InspectedImage = { contentType: PhotoMediaType; width: number; height: number };

/** One image kept: its bytes, type and size. */
type StoredImage = { bytes: Uint8Array; contentType: PhotoMediaType; width: number; height: number };

/** What is kept of a photo: the original, re-encoded, and the two sizes served. */
export type PhotoImages = { original: StoredImage; large: StoredImage; thumb: StoredImage };

const SEND_INSTEAD = 'Send a photo as JPEG, PNG, WebP or AVIF.';

const refusedImage = (problem: ImageRefusal['problem'], message: string): ImageRefusal => ({ ok: false, problem, message });

const FORMATS: Record<string, PhotoMediaType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The type and size of `bytes`, read from the image's header only, or why they are refused. */
export async function inspectImage(bytes: Uint8Array): Promise<{ ok: true; value: InspectedImage } | ImageRefusal> {
  let metadata: Metadata;
  try {
    // No pixel limit here: nothing is decoded, and the count is checked below with a message of ours.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refusedImage('unsupported_media_type', `This file is not an image that can be read. ${SEND_INSTEAD}`);
  }
  const contentType = metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'image/avif' : undefined) : FORMATS[metadata.format];
  if (metadata.format === 'svg') {
    return refusedImage(
      'unsupported_media_type',
      'SVG images are not taken: they are documents that can carry scripts and links. Export it as PNG and send that.',
    );
  }
  if (metadata.format === 'heif' && metadata.compression === 'hevc') {
    return refusedImage(
      'unsupported_media_type',
      'HEIC photos are not taken. Send it as JPEG: export it as JPEG, or on an iPhone choose Settings > Camera > Formats > Most Compatible.',
    );
  }
  if (!contentType) return refusedImage('unsupported_media_type', `${metadata.format.toUpperCase()} images are not taken. ${SEND_INSTEAD}`);
  if ((metadata.pages ?? 1) > 1) {
    return refusedImage('unsupported_media_type', 'Animated images are not taken: send one still frame as JPEG, PNG or WebP.');
  }
  const pixels = metadata.width * metadata.height;
  if (pixels > MAX_PHOTO_PIXELS) {
    const megapixels = Math.round(pixels / 1e5) / 10;
    return refusedImage(
      'invalid_request',
      `The image is ${metadata.width} × ${metadata.height} pixels (${megapixels} megapixels); at most ${MAX_PHOTO_PIXELS / 1e6} megapixels are taken. Scale it down and send it again.`,
    );
  }
  return { ok: true, value: { contentType, width: metadata.autoOrient.width, height: metadata.autoOrient.height } };
}

// The original keeps its format, at a quality that shows no loss; the served sizes are WebP.
function encodedAs(pipeline: Sharp, contentType: PhotoMediaType): Sharp {
  switch (contentType) {
    case 'image/jpeg':
      return pipeline.jpeg({ quality: 90, optimizeCoding: false });
    case 'image/png':
      return pipeline.png({ compressionLevel: 6 });
    case 'image/webp':
      return pipeline.webp({ quality: 90 });
    case 'image/avif':
      return pipeline.avif({ quality: 70, effort: 2 });
  }
}

async function encoded(pipeline: Sharp, contentType: PhotoMediaType): Promise<StoredImage> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType, width: info.width, height: info.height };
}

const within = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });

/**
 * The images kept of an inspected photo, made one after another so that one upload
 * decodes one image at a time: the original (orientation applied, sRGB, no metadata:
 * sharp writes none unless told to), `large` from it, `thumb` from `large`. A damaged
 * image is a refusal.
 */
export async function makePhotoImages(bytes: Uint8Array, image: InspectedImage): Promise<{ ok: true; value: PhotoImages } | ImageRefusal> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' }).autoOrient();
    const original = await encoded(encodedAs(source, image.contentType), image.contentType);
    const large = await encoded(sharp(original.bytes).resize(within(PHOTO_SIZES.large)).webp({ quality: 80 }), 'image/webp');
    const thumb = await encoded(sharp(large.bytes).resize(within(PHOTO_SIZES.thumb)).webp({ quality: 75 }), 'image/webp');
    return { ok: true, value: { original, large, thumb } };
  } catch {
    return refusedImage('invalid_request', `The image could not be decoded: it may be damaged or cut short. ${SEND_INSTEAD}`);
  }
}
