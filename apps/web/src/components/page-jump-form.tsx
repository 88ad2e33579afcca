'use client';

import { type FormEvent, useId } from 'react';

/**
 * "Go to page" for documents too long to list a link per page: it moves to `#page-N`, like
 * the links it replaces.
 */
export function PageJumpForm({ pageCount }: { pageCount: number }) {
  const inputId = useId();
  const jump = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const page = Number(new FormData(event.currentTarget).get('page'));
    if (Number.isInteger(page) && page >= 1 && page <= pageCount) {
      window.location.hash = `page-${page}`;
    }
  };
  return (
    <form onSubmit={jump} className="flex items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm text-slate-700">
          Go to page
        </label>
        <input
          id={inputId}
          name="page"
          type="number"
          min={1}
          max={pageCount}
          required
          className="w-24 rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
      </div>
      <button
        type="submit"
        className="rounded-md border border-slate-200 bg-white px-3 py-1 text-sm hover:border-brand-600"
      >
        Go
      </button>
    </form>
  );
}
