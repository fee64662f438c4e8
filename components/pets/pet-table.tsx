// PetTable: one page of pets; a pet's name links to its page.
import Link from 'next/link';
import type { Pet } from '@/lib/contract/pets';
import { Table, TableCard, TableHead, Td, Tr } from '../ui/table';
import { StatusBadge } from './status-badge';

export const PET_COLUMNS = [
  { title: 'Name' },
  { title: 'Category ID' },
  { title: 'Status' },
  { title: 'ID', className: 'text-right' },
];

export function PetTable({ pets, isUpdating }: { pets: Pet[]; isUpdating: boolean }) {
  return (
    <TableCard className={isUpdating ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <Table aria-label="Pets" aria-busy={isUpdating}>
        <TableHead columns={PET_COLUMNS} />
        <tbody>
          {pets.map((pet) => (
            <Tr key={pet.id}>
              <Td className="font-medium">
                <Link href={`/pets/${pet.id}`} className="rounded text-zinc-900 underline decoration-zinc-300 underline-offset-4 hover:text-indigo-700 hover:decoration-current dark:text-zinc-100 dark:decoration-zinc-600 dark:hover:text-indigo-300">
                  {pet.name}
                </Link>
              </Td>
              <Td className="text-zinc-600 tabular-nums dark:text-zinc-400">{pet.categoryId}</Td>
              <Td>
                <StatusBadge status={pet.status} />
              </Td>
              <Td className="text-right font-mono text-xs text-zinc-500 dark:text-zinc-400">{pet.id}</Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </TableCard>
  );
}
