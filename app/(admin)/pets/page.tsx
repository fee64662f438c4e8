// /pets: the catalogue, searched, filtered, ordered and paged by the URL (read
// in the browser: a filter changes the URL in place, components/list-navigation.tsx).
import type { Metadata } from 'next';
import { PetCatalogue } from '@/components/pets/pet-catalogue';

export const metadata: Metadata = { title: 'Pets' };

export default function PetsPage() {
  return <PetCatalogue />;
}
