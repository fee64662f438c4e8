'use client';
// PetGallery: the "Photos" section of a pet's page. Everyone sees the photos in order,
// the cover first; an editor also drops files on it or picks several (each upload with
// its own progress and its own error), reorders by dragging or from the keyboard (a
// photo's handle takes the arrow keys, Home and End), makes a photo the cover, and
// deletes one after a confirm.
import { GripVertical, ImagePlus, Images, Star, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useDeletePetPhoto, useMovePetPhoto, usePetPhotos } from '@/lib/client/hooks';
import { MAX_PHOTOS_PER_PET, PHOTO_MEDIA_TYPES, type Photo } from '@/lib/contract/photos';
import { may } from '@/lib/contract/roles';
import { useRole } from '@/lib/client/provider';
import { errorsFromApi } from '../form-errors';
import { LoadError } from '../load-error';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { EmptyState } from '../ui/empty-state';
import { Notice } from '../ui/notice';
import { Skeleton } from '../ui/skeleton';
import { usePhotoUploads, type Upload } from './photo-uploads';

// What a reorder by dragging carries, so that a dropped photo is never read as a file.
const PHOTO_DRAG_TYPE = 'application/x-petstore-photo';

export function PetGallery({ petId, petName }: { petId: number; petName: string | undefined }) {
  const photos = usePetPhotos(petId);
  const role = useRole();
  const canEdit = may(role, 'addPetPhoto');
  const list = photos.data ?? [];
  const { uploads, addFiles, dismiss } = usePhotoUploads(petId, list.length);
  const move = useMovePetPhoto(petId);
  const [announcement, setAnnouncement] = useState('');
  // A photo moved from the keyboard keeps the focus on its handle wherever it lands.
  const focusAfterMove = useRef<number | undefined>(undefined);
  const handles = useRef(new Map<number, HTMLButtonElement>());

  useEffect(() => {
    if (focusAfterMove.current === undefined) return;
    handles.current.get(focusAfterMove.current)?.focus();
    focusAfterMove.current = undefined;
  }, [photos.data]);

  const moveTo = (photo: Photo, position: number, how: 'key' | 'drag' | 'cover') => {
    const to = Math.max(0, Math.min(position, list.length - 1));
    if (to === photo.position) return;
    move.mutate({ photoId: photo.id, position: to });
    setAnnouncement(to === 0 ? `Photo ${photo.position + 1} is now the cover.` : `Photo moved to position ${to + 1} of ${list.length}.`);
    if (how === 'key') focusAfterMove.current = photo.id;
  };

  const heading = (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id="pet-photos-heading" className="text-lg font-semibold">
        Photos{' '}
        {photos.data && (
          <span className="ml-1 text-sm font-normal text-zinc-600 tabular-nums dark:text-zinc-400">
            {list.length} of {MAX_PHOTOS_PER_PET}
          </span>
        )}
      </h2>
    </div>
  );

  return (
    <section aria-labelledby="pet-photos-heading" className="mt-8 space-y-3">
      {heading}
      {canEdit && <PhotoDropZone isFull={list.length >= MAX_PHOTOS_PER_PET} onFiles={addFiles} />}
      {uploads.length > 0 && <UploadList uploads={uploads} onDismiss={dismiss} />}
      {move.isError && (
        <Notice tone="error" title="The photo was not moved" onDismiss={() => move.reset()}>
          {errorsFromApi(move.error).message}
        </Notice>
      )}
      {photos.isPending ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Photos (loading)">
          {[0, 1, 2].map((slot) => (
            <li key={slot}>
              <Skeleton className="aspect-[4/3] w-full rounded-lg" />
            </li>
          ))}
        </ul>
      ) : photos.isError ? (
        <LoadError what="this pet's photos" error={photos.error} onRetry={() => void photos.refetch()} isRetrying={photos.isFetching} />
      ) : list.length === 0 ? (
        <div className="rounded-xl border border-zinc-200 dark:border-zinc-800">
          <EmptyState icon={<Images aria-hidden />} title="No photos yet">
            {canEdit ? 'Drop photos above, or choose files: the first one becomes the cover.' : undefined}
          </EmptyState>
        </div>
      ) : (
        <ol
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          aria-label={`Photos of ${petName ?? `pet ${petId}`}, in order; the first is the cover`}
        >
          {list.map((photo) => (
            <PhotoCard
              key={photo.id}
              petId={petId}
              photo={photo}
              count={list.length}
              petName={petName}
              canEdit={canEdit}
              onMove={moveTo}
              onDropPhoto={(draggedId) => {
                const dragged = list.find((candidate) => candidate.id === draggedId);
                if (dragged) moveTo(dragged, photo.position, 'drag');
              }}
              registerHandle={(element) => {
                if (element) handles.current.set(photo.id, element);
                else handles.current.delete(photo.id);
              }}
            />
          ))}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

function PhotoDropZone({ isFull, onFiles }: { isFull: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  if (isFull) {
    return (
      <Notice tone="info" title={`This pet has ${MAX_PHOTOS_PER_PET} photos, the most it may have`}>
        Delete one to add another.
      </Notice>
    );
  }
  return (
    <div
      data-testid="photo-drop-zone"
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(false);
        onFiles([...event.dataTransfer.files]);
      }}
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm transition-colors',
        isOver
          ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950'
          : 'border-zinc-300 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300',
      )}
    >
      <ImagePlus aria-hidden className="size-6 text-zinc-500 dark:text-zinc-400" />
      <p>Drop photos here, or</p>
      <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
        Choose photos
      </Button>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">JPEG, PNG, WebP or AVIF; up to 10 MB each.</p>
      <input
        ref={input}
        type="file"
        multiple
        accept={PHOTO_MEDIA_TYPES.join(',')}
        aria-label="Choose photos to add"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </div>
  );
}

const UPLOAD_STATES: Record<Upload['state'], string> = {
  waiting: 'Waiting',
  sending: 'Sending',
  processing: 'Making its sizes',
  failed: 'Not added',
};

function UploadList({ uploads, onDismiss }: { uploads: Upload[]; onDismiss: (key: number) => void }) {
  return (
    <ul aria-label="Uploads" className="space-y-2">
      {uploads.map((upload) => (
        <li
          key={upload.key}
          className={cn(
            'rounded-lg border px-3 py-2 text-sm',
            upload.state === 'failed'
              ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'
              : 'border-zinc-200 dark:border-zinc-800',
          )}
        >
          <div className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate font-medium" title={upload.name}>
              {upload.name}
            </span>
            <span className="shrink-0 text-xs">{UPLOAD_STATES[upload.state]}</span>
            {upload.state === 'failed' && (
              <Button variant="ghost" size="sm" aria-label={`Dismiss ${upload.name}`} onClick={() => onDismiss(upload.key)}>
                <X aria-hidden />
              </Button>
            )}
          </div>
          {upload.state === 'failed' ? (
            <p className="mt-1" role="alert">
              {upload.error}
            </p>
          ) : (
            <progress
              className="mt-2 h-1.5 w-full overflow-hidden rounded-full accent-indigo-600"
              max={1}
              value={upload.state === 'waiting' ? 0 : upload.progress}
              aria-label={`${upload.name}: ${UPLOAD_STATES[upload.state].toLowerCase()}`}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function PhotoCard({
  petId,
  photo,
  count,
  petName,
  canEdit,
  onMove,
  onDropPhoto,
  registerHandle,
}: {
  petId: number;
  photo: Photo;
  count: number;
  petName: string | undefined;
  canEdit: boolean;
  onMove: (photo: Photo, position: number, how: 'key' | 'drag' | 'cover') => void;
  /** Another photo, dragged onto this one: it takes this one's place. */
  onDropPhoto: (draggedId: number) => void;
  registerHandle: (element: HTMLButtonElement | null) => void;
}) {
  const remove = useDeletePetPhoto(petId);
  const [isDropTarget, setDropTarget] = useState(false);
  const isCover = photo.position === 0;
  const label = `${petName ?? 'Pet'}, photo ${photo.position + 1} of ${count}${isCover ? ' (cover)' : ''}`;

  const onHandleKey = (event: KeyboardEvent) => {
    const to = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (to !== undefined) onMove(photo, photo.position + to, 'key');
    else if (event.key === 'Home') onMove(photo, 0, 'key');
    else if (event.key === 'End') onMove(photo, count - 1, 'key');
    else return;
    event.preventDefault();
  };

  return (
    <li
      draggable={canEdit}
      onDragStart={(event) => {
        event.dataTransfer.setData(PHOTO_DRAG_TYPE, String(photo.id));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        if (!canEdit || !event.dataTransfer.types.includes(PHOTO_DRAG_TYPE)) return;
        event.preventDefault();
        setDropTarget(true);
      }}
      onDragLeave={() => setDropTarget(false)}
      onDrop={(event) => {
        setDropTarget(false);
        const dragged = Number(event.dataTransfer.getData(PHOTO_DRAG_TYPE));
        if (!dragged) return;
        event.preventDefault();
        onDropPhoto(dragged);
      }}
      className={cn(
        'overflow-hidden rounded-lg border bg-white dark:bg-zinc-900',
        isDropTarget ? 'border-indigo-500 ring-2 ring-indigo-500' : 'border-zinc-200 dark:border-zinc-800',
      )}
      data-testid="pet-photo"
    >
      <a href={photo.urls.large} target="_blank" rel="noopener" className="block aspect-[4/3] bg-zinc-100 dark:bg-zinc-800" draggable={false}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a signed URL the API serves as it is; Next's optimiser would fetch it again */}
        <img src={photo.urls.thumb} alt={label} width={photo.width} height={photo.height} loading="lazy" draggable={false} className="size-full object-cover" />
      </a>
      <div className="flex min-h-11 flex-wrap items-center gap-1 px-2 py-1.5">
        {isCover ? (
          <Badge tone="violet">
            <Star aria-hidden className="size-3" />
            Cover
          </Badge>
        ) : (
          <span className="px-1 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{photo.position + 1}</span>
        )}
        {canEdit && (
          <div className="ml-auto flex items-center gap-0.5">
            <button
              ref={registerHandle}
              type="button"
              onKeyDown={onHandleKey}
              aria-label={`Move photo ${photo.position + 1} of ${count}: arrow keys move it, Home makes it the cover, End the last`}
              aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Home End"
              className="inline-flex size-8 cursor-grab items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
            >
              <GripVertical aria-hidden className="size-4" />
            </button>
            {!isCover && (
              <Button variant="ghost" size="sm" onClick={() => onMove(photo, 0, 'cover')} aria-label={`Make cover: photo ${photo.position + 1}`}>
                <Star aria-hidden />
                <span className="hidden sm:inline">Make cover</span>
              </Button>
            )}
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="sm" aria-label={`Delete photo ${photo.position + 1}`}>
                  <Trash2 aria-hidden />
                </Button>
              }
              title="Delete this photo?"
              description={isCover ? 'It is the cover: the next photo becomes the cover.' : 'The photos after it move up one place.'}
              mutation={remove}
              run={(close) => remove.mutate(photo.id, { onSuccess: close })}
              confirmLabel="Delete photo"
              pendingLabel="Deleting…"
              isDanger
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- as above */}
              <img src={photo.urls.thumb} alt="" className="max-h-40 rounded-md" />
            </ConfirmDialog>
          </div>
        )}
      </div>
    </li>
  );
}
