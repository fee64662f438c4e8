// Reads a photo upload (POST /v1/pets/{petId}/photos): the image as the body, or a
// multipart/form-data body with one `file` part. At most MAX_PHOTO_BYTES (413,
// before a byte is read when the length is declared). The media type sent only says
// which of the two it is: what the image is comes from its bytes
// (lib/domain/photo-images.ts).
import { MAX_PHOTO_BYTES, PHOTO_MEDIA_TYPES } from '../contract/photos';
import { MAX_PHOTO_FORM_BYTES } from '../contract/limits.mjs';
import { readBodyBytes, type BodyLimit } from './body';
import { RequestRefusal } from './errors';

const tooLarge = () =>
  new RequestRefusal('payload_too_large', `A photo must be at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MiB (${MAX_PHOTO_BYTES.toLocaleString('en')} bytes).`);

const IMAGE_LIMIT: BodyLimit = { bytes: MAX_PHOTO_BYTES, refusal: tooLarge };
// The form's file may be MAX_PHOTO_BYTES; its framing comes on top.
const FORM_LIMIT: BodyLimit = { bytes: MAX_PHOTO_FORM_BYTES, refusal: tooLarge };

const WHAT_TO_SEND = `Send the image as the body (Content-Type ${PHOTO_MEDIA_TYPES.join(', ')}), or as multipart/form-data with one part named "file".`;

/** The uploaded image's bytes, not yet looked at. */
export async function readPhotoUpload(request: Request): Promise<Uint8Array> {
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  let bytes: Uint8Array;
  if (mediaType === 'multipart/form-data') bytes = await fileOfForm(request, contentType);
  else if (mediaType.startsWith('image/')) bytes = await readBodyBytes(request, IMAGE_LIMIT);
  else
    throw new RequestRefusal(
      'unsupported_media_type',
      `${mediaType ? `A body of type ${mediaType} is not a photo` : 'No Content-Type was given'}. ${WHAT_TO_SEND}`,
    );
  if (bytes.byteLength === 0) throw new RequestRefusal('invalid_request', `The photo is empty. ${WHAT_TO_SEND}`);
  return bytes;
}

async function fileOfForm(request: Request, contentType: string): Promise<Uint8Array> {
  const body = await readBodyBytes(request, FORM_LIMIT);
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new RequestRefusal('invalid_request', `The multipart/form-data body cannot be read. ${WHAT_TO_SEND}`);
  }
  const names = [...form.keys()];
  const file = form.get('file');
  if (names.length !== 1 || !(file instanceof Blob)) {
    throw new RequestRefusal(
      'invalid_request',
      `The form must hold exactly one part, a file named "file" (it holds ${names.length === 0 ? 'none' : names.map((name) => `"${name}"`).join(', ')}).`,
      {
        details: [{ path: 'file', message: 'must be the one part of the form, a file' }],
      },
    );
  }
  if (file.size > MAX_PHOTO_BYTES) throw tooLarge();
  return new Uint8Array(await file.arrayBuffer());
}
