'use client';
// The pets list's selection: pets picked one by one or a page at a time (kept
// across pages), or, as in a mail client, every pet matching the filters
// ("Select all 1,234 pets matching"), resolved only when something is done to
// them. A selection belongs to its filters: changing them starts afresh.
import { useState } from 'react';
import type { BulkAction, BulkResult } from '@/lib/client/bulk-change';
import type { Pet } from '@/lib/contract/pets';
import { tagKey } from '@/lib/contract/tag-values';
import type { StatusTab } from './pet-list-state';

type Picked = { filtersKey: string; allMatching: boolean; pets: ReadonlyMap<number, Pet> };

export type PetSelection = ReturnType<typeof usePetSelection>;

export function usePetSelection(filtersKey: string, statusTab: StatusTab | undefined, tags: string[]) {
  const [picked, setPicked] = useState<Picked>({ filtersKey, allMatching: false, pets: new Map() });
  const current: Picked = picked.filtersKey === filtersKey ? picked : { filtersKey, allMatching: false, pets: new Map() };
  const update = (pets: ReadonlyMap<number, Pet>, allMatching = false) => setPicked({ filtersKey, allMatching, pets });

  return {
    allMatching: current.allMatching,
    /** The pets picked one by one or by page (empty when every match is selected). */
    pets: current.pets,
    isEmpty: !current.allMatching && current.pets.size === 0,
    count: (total: number | undefined) => (current.allMatching ? (total ?? 0) : current.pets.size),
    has: (petId: number) => current.allMatching || current.pets.has(petId),
    toggle(pet: Pet, page: Pet[]) {
      // Leaving "every match" for one row keeps the rest of this page, as a mail client does.
      const pets = new Map(current.allMatching ? page.map((each) => [each.id, each]) : current.pets);
      if (pets.has(pet.id)) pets.delete(pet.id);
      else pets.set(pet.id, pet);
      update(pets);
    },
    setPage(page: Pet[], isSelected: boolean) {
      const pets = new Map(current.allMatching ? [] : current.pets);
      for (const pet of page) {
        if (isSelected) pets.set(pet.id, pet);
        else pets.delete(pet.id);
      }
      update(pets);
    },
    selectAllMatching: () => update(new Map(), true),
    clear: () => update(new Map()),
    /** After a run: deleted pets leave, and so do pets whose new status or lost tag takes them out of the list's filters. */
    keepMatching(action: BulkAction, result: BulkResult) {
      const leaves =
        action.kind === 'delete' ||
        (action.kind === 'status' && statusTab !== undefined && statusTab !== (action.status ?? 'none')) ||
        (action.kind === 'tag' && action.change === 'remove' && tags.some((tag) => tagKey(tag) === tagKey(action.tag)));
      if (!leaves) return;
      // "Every match" stays every match; the selection may have moved on while the run ran.
      setPicked((latest) => {
        if (latest.allMatching || latest.filtersKey !== filtersKey) return latest;
        const pets = new Map(latest.pets);
        for (const petId of [...result.changed, ...result.alreadySo]) pets.delete(petId);
        return { ...latest, pets };
      });
    },
  };
}
