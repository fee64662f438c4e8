// /pets: the catalogue, filtered and paged by the URL.
import type { Metadata } from 'next';
import { readListState } from '@/components/list-url';
import { PetCatalogue, type PetFilters } from '@/components/pets/pet-catalogue';
import { PetStatus } from '@/lib/contract/pets';

export const metadata: Metadata = { title: 'Pets' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PetsPage({ searchParams }: Props) {
  const state = readListState<PetFilters>(await searchParams, {
    status: (value) => PetStatus.safeParse(value).data,
  });
  return <PetCatalogue state={state} />;
}
