'use client';

import { type FormEvent, useId, useState } from 'react';
import type { DashboardQuery } from '@/dashboard/dashboard-query';
import { formatDay } from '@/format/format-dates';

type Range = Pick<DashboardQuery, 'from' | 'to'>;

/** The days a range may cover, `YYYY-MM-DD`: the stats' earliest day and today. */
export interface DayBounds {
  min: string;
  max: string;
}

interface Problem {
  field: keyof Range;
  message: string;
}

const FIELD = 'w-40 rounded-md border bg-white px-2 py-1 text-sm text-ink';

/**
 * The custom range: two date inputs, so a day is picked from the browser's calendar (and shown
 * in the reader's own format) rather than typed as free text, bounded by `bounds`. Both
 * inputs send `YYYY-MM-DD`, the URL's form, with or without JavaScript; with it, a missing
 * day, a day out of bounds or a start after the end is said next to the fields before the URL
 * changes.
 */
export function CustomRange({
  path,
  query,
  bounds,
  onApply,
}: {
  path: string;
  query: DashboardQuery;
  bounds: DayBounds;
  onApply: (range: Range) => void;
}) {
  const errorId = useId();
  const [problem, setProblem] = useState<Problem | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const typed = new FormData(form);
    const range = { from: String(typed.get('from') ?? ''), to: String(typed.get('to') ?? '') };
    const found = checkRange(range, bounds);
    setProblem(found);
    if (found) {
      form.querySelector<HTMLInputElement>(`input[name="${found.field}"]`)?.focus();
      return;
    }
    onApply(range);
  }

  const field = (name: keyof Range, label: string) => (
    <label className="flex flex-col gap-0.5 text-xs font-medium text-slate-600">
      {label}
      <input
        // The shown range changes with presets: the field starts again from it.
        key={query[name]}
        type="date"
        name={name}
        defaultValue={query[name]}
        min={bounds.min}
        max={bounds.max}
        required
        aria-invalid={problem?.field === name || undefined}
        aria-describedby={problem?.field === name ? errorId : undefined}
        className={`${FIELD} ${problem?.field === name ? 'border-red-600' : 'border-slate-300'}`}
      />
    </label>
  );

  return (
    <form
      action={path}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-wrap items-end gap-2 text-sm"
      aria-label="Custom date range"
    >
      {field('from', 'From')}
      {field('to', 'To')}
      {query.compare ? null : <input type="hidden" name="compare" value="0" />}
      {query.includeBots ? <input type="hidden" name="bots" value="1" /> : null}
      <button
        type="submit"
        className={`rounded-md border px-3 py-1.5 font-medium ${
          query.days === null
            ? 'border-ink bg-ink text-white'
            : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600'
        }`}
      >
        Apply
      </button>
      {problem ? (
        <p id={errorId} role="alert" className="basis-full text-xs font-medium text-red-700">
          {problem.message}
        </p>
      ) : null}
    </form>
  );
}

/** What is wrong with a picked range, in words, or null. Days are `YYYY-MM-DD`, so they sort. */
function checkRange(range: Range, bounds: DayBounds): Problem | null {
  const names = { from: 'From', to: 'To' } as const;
  for (const field of ['from', 'to'] as const) {
    const day = range[field];
    if (day === '') return { field, message: `Choose a day for ${names[field]}.` };
    if (day < bounds.min || day > bounds.max) {
      return {
        field,
        message: `Choose a day for ${names[field]} between ${formatDay(bounds.min, true)} and ${formatDay(bounds.max, true)}.`,
      };
    }
  }
  if (range.from > range.to) {
    return { field: 'from', message: 'From must be on or before To.' };
  }
  return null;
}
