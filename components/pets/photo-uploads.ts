'use client';
// usePhotoUploads: the files an editor dropped or picked, each uploaded on its own (two
// at a time), each with its own progress and, if it fails, its own reason in plain
// words. A file over the size limit, or past the pet's room, is refused here before a
// byte is sent; what the file is, only the server says (from its bytes).
import { useCallback, useRef, useState } from 'react';
import { ApiClientError } from '@/lib/client/api-client';
import { useAddPetPhoto } from '@/lib/client/hooks';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PET } from '@/lib/contract/photos';

export type Upload = {
  key: number;
  name: string;
  /** 0 to 1. */
  progress: number;
  state: 'waiting' | 'sending' | 'processing' | 'failed';
  error?: string;
};

const AT_ONCE = 2;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function reasonOf(error: unknown): string {
  if (error instanceof ApiClientError) return error.message;
  return 'The upload failed for a reason the browser did not give; try again.';
}

/** `photoCount`: how many photos the pet has now. */
export function usePhotoUploads(petId: number, photoCount: number) {
  const { mutateAsync: addPhoto } = useAddPetPhoto(petId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  // Turns to send: AT_ONCE at a time, the others waiting in order.
  const turns = useRef({ free: AT_ONCE, waiting: [] as (() => void)[] });
  const nextKey = useRef(0);

  const update = useCallback((key: number, change: Partial<Upload>) => {
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }, []);

  const send = useCallback(
    async (key: number, file: File) => {
      const slots = turns.current;
      if (slots.free > 0) slots.free -= 1;
      else await new Promise<void>((resolve) => slots.waiting.push(resolve));
      update(key, { state: 'sending' });
      try {
        await addPhoto({
          file,
          onProgress: (sent, total) =>
            update(key, total > 0 && sent >= total ? { progress: 1, state: 'processing' } : { progress: total > 0 ? sent / total : 0 }),
        });
        setUploads((all) => all.filter((upload) => upload.key !== key));
      } catch (error) {
        update(key, { state: 'failed', error: reasonOf(error) });
      } finally {
        // The turn passes to the next in line, or is freed.
        const next = slots.waiting.shift();
        if (next) next();
        else slots.free += 1;
      }
    },
    [addPhoto, update],
  );

  const addFiles = useCallback(
    (files: File[]) => {
      const pending = uploads.filter((upload) => upload.state !== 'failed').length;
      let room = MAX_PHOTOS_PER_PET - photoCount - pending;
      const added: Upload[] = [];
      const toSend: { key: number; file: File }[] = [];
      for (const file of files) {
        const key = nextKey.current++;
        if (file.size > MAX_PHOTO_BYTES) {
          added.push({ key, name: file.name, progress: 0, state: 'failed', error: `This file is ${megabytes(file.size)}; a photo may be at most 10 MB.` });
        } else if (room <= 0) {
          added.push({
            key,
            name: file.name,
            progress: 0,
            state: 'failed',
            error: `A pet may have ${MAX_PHOTOS_PER_PET} photos at most: delete one to add this one.`,
          });
        } else {
          room -= 1;
          added.push({ key, name: file.name, progress: 0, state: 'waiting' });
          toSend.push({ key, file });
        }
      }
      setUploads((all) => [...all, ...added]);
      for (const { key, file } of toSend) void send(key, file);
    },
    [photoCount, send, uploads],
  );

  const dismiss = useCallback((key: number) => setUploads((all) => all.filter((upload) => upload.key !== key)), []);

  return { uploads, addFiles, dismiss };
}
