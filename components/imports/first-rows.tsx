'use client';
// FirstRows: the header and first rows of a file as the import reads them: each column
// named by what it is read as, the ignored ones said so.
import { Badge } from '../ui/badge';
import { Table, TableCard, Td, Th, Tr } from '../ui/table';
import type { FirstRows as Rows } from './read-csv';

export function FirstRows({ header, rows }: Rows) {
  const ignored = header.filter((cell) => !cell.column).map((cell) => cell.header);
  const read = header.filter((cell) => cell.column).map((cell) => cell.column);
  return (
    <section aria-labelledby="first-rows-heading" className="space-y-2">
      <h2 id="first-rows-heading" className="text-base font-semibold">
        First rows
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Columns read: {read.length > 0 ? read.join(', ') : 'none'}.{' '}
        {ignored.length > 0 ? `Ignored: ${ignored.map((name) => (name === '' ? '(no name)' : name)).join(', ')}.` : 'No column is ignored.'}
      </p>
      <TableCard>
        <Table aria-label="First rows">
          <thead
            role="rowgroup"
            className="border-b border-zinc-200 bg-zinc-50/80 text-xs text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
          >
            <tr role="row">
              <Th className="py-2">Row</Th>
              {header.map((cell, index) => (
                <Th key={index} className="py-2">
                  <span className="block font-semibold text-zinc-900 dark:text-zinc-100">{cell.header || '(no name)'}</span>{' '}
                  {cell.column ? (
                    <span className="block font-normal">read as {cell.column}</span>
                  ) : (
                    <Badge tone="zinc" className="mt-0.5">
                      ignored
                    </Badge>
                  )}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <Tr key={rowIndex}>
                {/* As a spreadsheet numbers them, the header being row 1 (the errors list's numbers). */}
                <Td className="tabular-nums">{rowIndex + 2}</Td>
                {header.map((cell, index) => (
                  <Td key={index} className={cell.column ? undefined : 'text-zinc-600 dark:text-zinc-400'}>
                    {row[index] ?? ''}
                  </Td>
                ))}
              </Tr>
            ))}
          </tbody>
        </Table>
      </TableCard>
    </section>
  );
}
