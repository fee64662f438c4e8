// /pets/{petId}: one pet.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BackLink } from '@/components/back-link';
import { PetDetails } from '@/components/pets/pet-details';
import { parseRecordId } from '@/components/record-id';

type Props = { params: Promise<{ petId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Pet ${(await params).petId}` };
}

export default async function PetPage({ params }: Props) {
  const petId = parseRecordId((await params).petId);
  if (petId === undefined) notFound();
  return (
    <>
      <BackLink href="/pets">All pets</BackLink>
      <PetDetails petId={petId} />
    </>
  );
}
