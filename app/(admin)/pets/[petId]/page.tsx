// /pets/{petId}: one pet; HTTP 404 when /v1 has no such pet.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BackLink } from '@/components/back-link';
import { PetDetails } from '@/components/pets/pet-details';
import { parseRecordId } from '@/components/record-id';
import { requireRecord } from '@/components/require-record';
import { serverApiClient } from '@/lib/client/server-client';

type Props = { params: Promise<{ petId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Pet ${(await params).petId}` };
}

export default async function PetPage({ params }: Props) {
  const petId = parseRecordId((await params).petId);
  if (petId === undefined) notFound();
  const client = await serverApiClient();
  await requireRecord(() => client.findPet(petId));
  return (
    <>
      <BackLink href="/pets">All pets</BackLink>
      <PetDetails petId={petId} />
    </>
  );
}
