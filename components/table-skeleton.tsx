// TableSkeleton: the table's own header and as many placeholder rows as the page
// will hold, so the layout does not move when the rows arrive.
import { Skeleton } from './ui/skeleton';
import { Table, TableCard, TableHead, Td, Tr, type Column } from './ui/table';

export function TableSkeleton({ columns, rows, label }: { columns: Column[]; rows: number; label: string }) {
  return (
    <TableCard>
      <Table aria-busy="true" aria-label={label}>
        <TableHead columns={columns} />
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <Tr key={row}>
              {columns.map((column, index) => (
                <Td key={column.title} className={column.className}>
                  <Skeleton className={index === 0 ? 'h-4 w-28' : 'h-4 w-16'} />
                </Td>
              ))}
            </Tr>
          ))}
        </tbody>
      </Table>
    </TableCard>
  );
}
