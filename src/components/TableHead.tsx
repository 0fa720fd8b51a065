import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table's header row: one header cell per column, in order (an empty string for a column without a title, such as a row's actions). */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, i) => (
          <Table.Th key={i}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
