// /pets: the catalogue, searched, filtered, ordered and paged by the URL.
import type { Metadata } from 'next';
import { readListState } from '@/components/list-url';
import { PetCatalogue } from '@/components/pets/pet-catalogue';
import { PET_FILTER_PARSERS, type PetFilters } from '@/components/pets/pet-list-state';

export const metadata: Metadata = { title: 'Pets' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PetsPage({ searchParams }: Props) {
  const state = readListState<PetFilters>(await searchParams, PET_FILTER_PARSERS);
  return <PetCatalogue state={state} />;
}
