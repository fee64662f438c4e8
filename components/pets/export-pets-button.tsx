'use client';
// ExportPetsButton: "Export CSV" of the current view (every page of its
// filters, in its order), or of the selected pets (the bulk bar's "Export"),
// through the lists' ExportCsvButton.
import type { PetstoreClient } from '@/lib/client/api-client';
import type { PetWithIncluded } from '@/lib/contract/pets';
import { useCategoryName } from '../categories/category-names';
import { ExportCsvButton, type CsvWriter } from '../export-csv-button';

export function ExportPetsButton({
  pages,
  total,
  label,
  size,
}: {
  /** The pets to write, page by page (lib/client/pet-pages.ts). */
  pages: (client: PetstoreClient) => AsyncIterable<PetWithIncluded[]>;
  total: number | undefined;
  label?: string;
  size?: 'sm' | 'md';
}) {
  const categoryName = useCategoryName();
  const load = () =>
    import('./pets-csv').then(
      ({ writePetsCsv }): CsvWriter =>
        ({ client, ...options }) =>
          writePetsCsv({ pages: pages(client), categoryName, ...options }),
    );
  return <ExportCsvButton load={load} fileStem="pets" noun="pets" total={total} label={label} size={size} />;
}
