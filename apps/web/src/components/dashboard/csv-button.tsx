'use client';

import { type CsvCell, toCsv } from '@/dashboard/to-csv';

/** Downloads the given rows as a CSV file made in the browser. */
export function CsvButton({
  fileName,
  header,
  rows,
  label = 'Download CSV',
}: {
  fileName: string;
  header: string[];
  rows: CsvCell[][] | (() => CsvCell[][]);
  label?: string;
}) {
  function download() {
    const csv = toCsv(header, typeof rows === 'function' ? rows() : rows);
    // The byte order mark makes Excel read the file as UTF-8 (titles with accents).
    const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <button
      type="button"
      onClick={download}
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-brand-700"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none">
        <path
          d="M8 2v8m0 0 3-3m-3 3L5 7M3 12.5h10"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {label}
    </button>
  );
}
