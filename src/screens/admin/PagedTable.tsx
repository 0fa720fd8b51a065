import { Fragment, type Key, type ReactNode } from 'react';
import { Table } from '@mantine/core';
import { DataTable } from './viewParts';

/** One column of a PagedTable: its header and what each row shows in it. */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
}

/**
 * A page of a view's list as a striped table (the rows the console loaded: the first page of the
 * members, of a member's ledger or of an option's codes, or a whole short list), in a TableFrame
 * named `label`: one header cell and one cell a row per column, in order. `below` puts what opens
 * under a row (an edit form) in a row of its own across every column; null when nothing is open.
 */
export function PagedTable<Row>({
  label,
  minWidth,
  columns,
  rows,
  rowKey,
  below,
}: {
  label: string;
  minWidth: number;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  below?: (row: Row) => ReactNode;
}) {
  return (
    <DataTable label={label} minWidth={minWidth} striped columns={columns.map((column) => column.header)}>
      {rows.map((row) => {
        const opened = below?.(row) ?? null;
        return (
          <Fragment key={rowKey(row)}>
            <Table.Tr>
              {columns.map((column, i) => (
                <Table.Td key={i}>{column.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
            {opened === null ? null : (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>{opened}</Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })}
    </DataTable>
  );
}
