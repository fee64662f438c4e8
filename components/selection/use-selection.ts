'use client';
// A list's selection: rows picked one by one or a page at a time (kept across
// pages), or, as in a mail client, every row matching the filters ("Select all
// 1,234 pets matching"), resolved only when something is done to them. A
// selection belongs to its filters: changing them starts afresh. The pets and
// orders lists both hold theirs here.
import { useState } from 'react';

type Picked<Item> = { filtersKey: string; allMatching: boolean; items: ReadonlyMap<number, Item> };

export type Selection<Item extends { id: number }> = ReturnType<typeof useSelection<Item>>;

export function useSelection<Item extends { id: number }>(filtersKey: string) {
  const [picked, setPicked] = useState<Picked<Item>>({ filtersKey, allMatching: false, items: new Map() });
  const current: Picked<Item> = picked.filtersKey === filtersKey ? picked : { filtersKey, allMatching: false, items: new Map() };
  const update = (items: ReadonlyMap<number, Item>, allMatching = false) => setPicked({ filtersKey, allMatching, items });

  return {
    allMatching: current.allMatching,
    /** The rows picked one by one or by page (empty when every match is selected). */
    items: current.items,
    isEmpty: !current.allMatching && current.items.size === 0,
    count: (total: number | undefined) => (current.allMatching ? (total ?? 0) : current.items.size),
    has: (id: number) => current.allMatching || current.items.has(id),
    toggle(item: Item, page: Item[]) {
      // Leaving "every match" for one row keeps the rest of this page, as a mail client does.
      const items = new Map(current.allMatching ? page.map((each) => [each.id, each]) : current.items);
      if (items.has(item.id)) items.delete(item.id);
      else items.set(item.id, item);
      update(items);
    },
    setPage(page: Item[], isSelected: boolean) {
      const items = new Map(current.allMatching ? [] : current.items);
      for (const item of page) {
        if (isSelected) items.set(item.id, item);
        else items.delete(item.id);
      }
      update(items);
    },
    selectAllMatching: () => update(new Map(), true),
    clear: () => update(new Map()),
    /** Puts these rows' new state in place of what the selection read (after a run changed them), where they are still selected. */
    refresh(changed: Item[]) {
      setPicked((latest) => {
        if (latest.allMatching || latest.filtersKey !== filtersKey) return latest;
        const items = new Map(latest.items);
        for (const item of changed) if (items.has(item.id)) items.set(item.id, item);
        return { ...latest, items };
      });
    },
    /** Takes these rows out of a selection picked by hand (after a run they no longer match); "every match" stays every match. */
    drop(ids: number[]) {
      // The selection may have moved on while a run ran.
      setPicked((latest) => {
        if (latest.allMatching || latest.filtersKey !== filtersKey) return latest;
        const items = new Map(latest.items);
        for (const id of ids) items.delete(id);
        return { ...latest, items };
      });
    },
  };
}
