'use client';

import Link from 'next/link';
import { useState } from 'react';
import {
  type SortDirection,
  sortTableRows,
  type TableCell,
  type TableRow,
} from '@/dashboard/sort-table-rows';
import { type CsvCell, csvFileName } from '@/dashboard/to-csv';
import { formatCount, formatDepth, formatDuration } from '@/format/format-numbers';
import { CsvButton } from './csv-button';

export type ColumnFormat = 'text' | 'count' | 'duration' | 'depth';

export interface TableColumn {
  key: string;
  label: string;
  format: ColumnFormat;
}

/**
 * A table of figures: click a column header to sort (again to reverse), download exactly the
 * rows shown, in the order shown, as CSV. The first column names the row; `barColumn` draws
 * each row's share of that column behind its name, so the table reads like a bar chart.
 * Phones show the name and one figure, the one sorted by, chosen in a select above the table.
 */
export function SortableTable({
  title,
  columns,
  rows,
  range,
  barColumn,
  emptyText = 'No visits in this period',
}: {
  /** The table's caption and the CSV file's name. */
  title: string;
  columns: TableColumn[];
  rows: TableRow[];
  /** First and last day of the figures, for the CSV file's name. */
  range: { from: string; to: string };
  barColumn?: string;
  emptyText?: string;
}) {
  const [sort, setSort] = useState<{ key: string; direction: SortDirection } | null>(
    barColumn ? { key: barColumn, direction: 'descending' } : null,
  );
  const sorted = sort ? sortTableRows(rows, sort.key, sort.direction) : rows;
  const barMax = barColumn ? Math.max(0, ...rows.map((row) => numeric(row.cells[barColumn]))) : 0;
  const figures = columns.slice(1);
  const phoneFigure = figures.find((column) => column.key === sort?.key) ?? figures[0];
  const onPhones = (column: TableColumn, index: number) =>
    index === 0 || column === phoneFigure ? '' : 'hidden sm:table-cell';

  function sortBy(column: TableColumn) {
    const first = firstDirection(column);
    setSort((current) =>
      current?.key === column.key
        ? { key: column.key, direction: current.direction === first ? flip(first) : first }
        : { key: column.key, direction: first },
    );
  }

  function csvRows(): CsvCell[][] {
    return sorted.map((row) => columns.map((column) => csvValue(column, row.cells[column.key])));
  }

  return (
    <div>
      {figures.length > 1 && phoneFigure ? (
        <label className="mb-2 flex items-center justify-end gap-2 text-xs font-medium text-slate-600 sm:hidden">
          Figure
          <select
            value={phoneFigure.key}
            onChange={(event) => {
              const column = figures.find((figure) => figure.key === event.target.value);
              if (column) setSort({ key: column.key, direction: firstDirection(column) });
            }}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-ink"
          >
            {figures.map((column) => (
              <option key={column.key} value={column.key}>
                {column.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="-mx-4 overflow-x-auto px-4 sm:-mx-5 sm:px-5">
        <table
          className={`w-full border-collapse text-sm ${columns.length > 3 ? 'sm:min-w-[30rem]' : ''}`}
        >
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600">
              {columns.map((column, index) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sort?.key === column.key ? sort.direction : undefined}
                  className={`py-2 font-medium ${index === 0 ? 'text-left' : `pl-4 ${alignment(column)}`} ${onPhones(column, index)}`}
                >
                  <button
                    type="button"
                    onClick={() => sortBy(column)}
                    className={`inline-flex items-center gap-1 rounded hover:text-ink ${
                      sort?.key === column.key ? 'text-ink' : ''
                    }`}
                  >
                    {column.label}
                    <SortIndicator direction={sort?.key === column.key ? sort.direction : null} />
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="py-8 text-center text-slate-500">
                  {emptyText}
                </td>
              </tr>
            ) : (
              sorted.map((row) => (
                <tr key={row.key} className="border-b border-slate-100 last:border-0">
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <th
                        key={column.key}
                        scope="row"
                        className="relative py-2 pr-2 text-left font-normal"
                      >
                        {barColumn && barMax > 0 ? (
                          <span
                            aria-hidden="true"
                            className="absolute inset-y-1 left-0 rounded bg-brand-50"
                            style={{ width: `${(numeric(row.cells[barColumn]) / barMax) * 100}%` }}
                          />
                        ) : null}
                        <span className="relative block max-w-[14rem] truncate px-1.5 sm:max-w-[22rem]">
                          {row.href ? (
                            <Link href={row.href} className="text-brand-700 hover:underline">
                              {display(column, row.cells[column.key])}
                            </Link>
                          ) : (
                            display(column, row.cells[column.key])
                          )}
                        </span>
                      </th>
                    ) : (
                      <td
                        key={column.key}
                        className={`whitespace-nowrap py-2 pl-4 tabular-nums text-slate-800 ${alignment(column)} ${onPhones(column, index)}`}
                      >
                        {display(column, row.cells[column.key])}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {sorted.length > 0 ? (
        <div className="mt-2 flex justify-end">
          <CsvButton
            fileName={csvFileName(title, range.from, range.to)}
            header={columns.map(csvHeader)}
            rows={csvRows}
          />
        </div>
      ) : null}
    </div>
  );
}

function SortIndicator({ direction }: { direction: SortDirection | null }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 8 12" className="h-3 w-2">
      <path d="M4 1 7 5H1z" className={direction === 'ascending' ? 'fill-ink' : 'fill-slate-300'} />
      <path
        d="M4 11 1 7h6z"
        className={direction === 'descending' ? 'fill-ink' : 'fill-slate-300'}
      />
    </svg>
  );
}

// Figures line up on the right, words read from the left.
function alignment(column: TableColumn): string {
  return column.format === 'text' ? 'text-left' : 'text-right';
}

// Names sort from A, figures from the largest.
function firstDirection(column: TableColumn): SortDirection {
  return column.format === 'text' ? 'ascending' : 'descending';
}

function flip(direction: SortDirection): SortDirection {
  return direction === 'ascending' ? 'descending' : 'ascending';
}

function numeric(cell: TableCell | undefined): number {
  return typeof cell === 'number' ? cell : 0;
}

function display(column: TableColumn, cell: TableCell | undefined): string {
  if (cell === null || cell === undefined) return '–';
  if (typeof cell === 'string') return cell;
  switch (column.format) {
    case 'duration':
      return formatDuration(cell);
    case 'depth':
      return formatDepth(cell);
    default:
      return formatCount(cell);
  }
}

function csvHeader(column: TableColumn): string {
  if (column.format === 'duration') return `${column.label} (seconds)`;
  if (column.format === 'depth') return `${column.label} (%)`;
  return column.label;
}

function csvValue(column: TableColumn, cell: TableCell | undefined): CsvCell {
  if (cell === undefined || cell === null || typeof cell === 'string') return cell ?? null;
  if (column.format === 'duration') return Math.round(cell);
  if (column.format === 'depth') return Math.round(cell * 10) / 10;
  return cell;
}
