'use client';
// The pets list's selection (components/selection/use-selection.ts), and which
// pets leave it after a bulk change.
import type { BulkAction, BulkResult } from '@/lib/client/bulk-change';
import type { Pet } from '@/lib/contract/pets';
import { tagKey } from '@/lib/contract/tag-values';
import { useSelection } from '../selection/use-selection';
import type { StatusTab } from './pet-list-state';

export type PetSelection = ReturnType<typeof usePetSelection>;

export function usePetSelection(filtersKey: string, statusTab: StatusTab | undefined, tags: string[]) {
  const selection = useSelection<Pet>(filtersKey);
  return {
    ...selection,
    /** The pets picked one by one or by page (empty when every match is selected). */
    pets: selection.items,
    /** After a run: deleted pets leave, and so do pets whose new status or lost tag takes them out of the list's filters. */
    keepMatching(action: BulkAction, result: BulkResult) {
      const leaves =
        action.kind === 'delete' ||
        (action.kind === 'status' && statusTab !== undefined && statusTab !== (action.status ?? 'none')) ||
        (action.kind === 'tag' && action.change === 'remove' && tags.some((tag) => tagKey(tag) === tagKey(action.tag)));
      if (leaves) selection.drop([...result.changed, ...result.alreadySo]);
    },
  };
}
