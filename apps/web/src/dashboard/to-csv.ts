export type CsvCell = string | number | null;

// Spreadsheets run a cell that starts with one of these as a formula (OWASP "CSV injection");
// tab and carriage return too, as some strip them before looking.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180 CSV (CRLF line ends) of a header and rows. Text that a spreadsheet would read as a
 * formula is prefixed with an apostrophe; numbers are written as numbers, so a negative count
 * stays a number.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(toCsvField).join(',')).join('\r\n');
}

function toCsvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A file name from a table's title and the range: `top-documents-2026-03-01-to-2026-03-30.csv`. */
export function csvFileName(title: string, from: string, to: string): string {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'table';
  return `${slug}-${from}-to-${to}.csv`;
}
