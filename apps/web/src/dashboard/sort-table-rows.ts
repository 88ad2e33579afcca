export type TableCell = string | number | null;

export interface TableRow {
  key: string;
  cells: Record<string, TableCell>;
  /** Where the row's first cell links to. */
  href?: string;
}

export type SortDirection = 'ascending' | 'descending';

/**
 * Rows by one column: numbers by value, text in natural order (`Page 2` before `Page 10`),
 * missing values last in either direction, ties in their original order.
 */
export function sortTableRows(rows: TableRow[], key: string, direction: SortDirection): TableRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = a.cells[key] ?? null;
    const right = b.cells[key] ?? null;
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    if (typeof left === 'number' && typeof right === 'number') return (left - right) * sign;
    return String(left).localeCompare(String(right), 'en', { numeric: true }) * sign;
  });
}
