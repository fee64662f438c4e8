// StatusBadge: a pet's availability, coloured; "No status" when none was given.
import type { PetStatus } from '@/lib/contract/pets';
import { Badge, type BadgeTone } from '../ui/badge';

const TONES: Record<PetStatus, BadgeTone> = { available: 'green', pending: 'amber', sold: 'zinc' };
const LABELS: Record<PetStatus, string> = { available: 'Available', pending: 'Pending', sold: 'Sold' };

export function StatusBadge({ status }: { status: PetStatus | undefined }) {
  if (!status) return <span className="text-sm text-zinc-500 dark:text-zinc-400">No status</span>;
  return (
    <Badge tone={TONES[status]}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {LABELS[status]}
    </Badge>
  );
}

export const PET_STATUS_LABELS = LABELS;
