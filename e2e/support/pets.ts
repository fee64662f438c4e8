// Pets made through the API for the browser tests that need many.
import type { PetstoreClient } from '../../lib/client/api-client';
import type { Pet } from '../../lib/contract/pets';

/** `count` available pets named "<word> 0000"…, added 50 at a time. */
export async function seedPets(client: PetstoreClient, word: string, count: number): Promise<Pet[]> {
  const pets: Pet[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, index) =>
      client.createPet({ name: `${word} ${String(start + index).padStart(4, '0')}`, categoryId: 8, status: 'available' }),
    );
    pets.push(...(await Promise.all(batch)));
  }
  return pets;
}
