// How much photo work one instance does at once: uploads in flight, each holding its
// body and its images from the first byte read to the row stored (PHOTO_UPLOAD_SLOTS;
// one more waits unread, its bytes left in the network's buffers), of which so many are
// decoded and encoded at once (PHOTO_PROCESSING_SLOTS, each on libvips' threads), and
// photo files being sent (PHOTO_SERVING_SLOTS, each holding one file's bytes). A request
// past the slots waits its turn, in order; an upload past as many waiting as its queue takes
// is answered 503 at once. So a burst of uploads costs a bounded amount of memory and never
// blocks the event loop (docs/ARCHITECTURE.md, "Photos"). Counted per process (lib/process-state.ts).
import { config } from '../runtime/config';
import { processState } from '../process-state';
import { freeSlots, inSlot, type SlotState } from './slots';

type PhotoWork = 'uploading' | 'processing' | 'serving';

const slots = processState('photoSlots', (): Record<PhotoWork, SlotState> => ({
  uploading: freeSlots(),
  processing: freeSlots(),
  serving: freeSlots(),
}));

function boundsOf(work: PhotoWork): { running: number; waiting: number } {
  const settings = config();
  switch (work) {
    case 'uploading':
      return { running: settings.PHOTO_UPLOAD_SLOTS, waiting: settings.PHOTO_UPLOAD_QUEUE };
    // Only uploads in their slots process: they wait for one in order, however many.
    case 'processing':
      return { running: settings.PHOTO_PROCESSING_SLOTS, waiting: Infinity };
    // Those waiting to be sent hold no bytes yet, and each is a request on a connection the
    // server admitted (its connection cap bounds them): a 503 here would save nothing.
    case 'serving':
      return { running: settings.PHOTO_SERVING_SLOTS, waiting: Infinity };
  }
}

/** Runs `task` in one of the slots of `work`, after those waiting before it; 503 when too many wait. */
export function inPhotoSlot<Result>(work: PhotoWork, task: () => Promise<Result>): Promise<Result> {
  return inSlot(slots[work], boundsOf(work), `This server is busy with other photos (${work}); retry in a moment.`, task);
}
