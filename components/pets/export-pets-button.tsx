'use client';
// ExportPetsButton: "Export CSV" of the pets list's current view, or of the selected
// pets (the bulk bar's "Export"): id, name, category (its id and name), status, tags.
import type { PetstoreClient } from '@/lib/client/api-client';
import type { PetWithIncluded } from '@/lib/contract/pets';
import { useCategoryName } from '../categories/category-names';
import { ExportCsvButton } from '../csv/export-csv-button';

// A pet's tags in one cell, as a person reads a list.
const TAG_SEPARATOR = '; ';

export function ExportPetsButton(props: {
  /** The pets to write, page by page (lib/client/pet-pages.ts). */
  pages: (client: PetstoreClient) => AsyncIterable<PetWithIncluded[]>;
  total: number | undefined;
  label?: string;
  size?: 'sm' | 'md';
}) {
  const categoryName = useCategoryName();
  const columns = {
    header: ['id', 'name', 'categoryId', 'category', 'status', 'tags'],
    row: (pet: PetWithIncluded) => [pet.id, pet.name, pet.categoryId, categoryName(pet.categoryId), pet.status ?? '', (pet.tags ?? []).join(TAG_SEPARATOR)],
  };
  return <ExportCsvButton what="pets" fileStem="pets" columns={columns} {...props} />;
}
