'use client';

import { type FormEvent, useId, useState } from 'react';
import type { DashboardQuery } from '@/dashboard/dashboard-query';
import { formatDay, parseDay } from '@/format/format-dates';

type Range = Pick<DashboardQuery, 'from' | 'to'>;

const FIELD = 'w-32 rounded-md border px-2 py-1 text-sm text-ink';

/**
 * The custom range: two text fields that show and take days as the rest of the site writes them
 * (`26 Oct 2026`), not a date input in the browser's own format (`10/26/2026` in the US). With
 * JavaScript a typed day is checked and the range applied as `from`/`to` in `YYYY-MM-DD`, the
 * URL's form; without, the form sends the days as typed, which the dashboard also reads.
 */
export function CustomRange({
  path,
  query,
  onApply,
}: {
  path: string;
  query: DashboardQuery;
  onApply: (range: Range) => void;
}) {
  const hintId = useId();
  const errorId = useId();
  const [wrong, setWrong] = useState<keyof Range | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const typed = new FormData(form);
    const from = parseDay(String(typed.get('from') ?? ''));
    const to = parseDay(String(typed.get('to') ?? ''));
    if (!from || !to) {
      const field = from ? 'to' : 'from';
      setWrong(field);
      form.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
      return;
    }
    setWrong(null);
    onApply({ from, to });
  }

  const field = (name: keyof Range, label: string) => (
    <label className="flex flex-col gap-0.5 text-xs font-medium text-slate-600">
      {label}
      <input
        // The shown range changes with presets: the field starts again from it.
        key={query[name]}
        name={name}
        defaultValue={formatDay(query[name], true)}
        required
        autoComplete="off"
        spellCheck={false}
        aria-invalid={wrong === name || undefined}
        aria-describedby={wrong === name ? `${errorId} ${hintId}` : hintId}
        className={`${FIELD} ${wrong === name ? 'border-red-600' : 'border-slate-300'}`}
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
      <p id={hintId} className="basis-full text-xs text-slate-600">
        Days like 26 Oct 2026
      </p>
      {wrong ? (
        <p id={errorId} role="alert" className="basis-full text-xs font-medium text-red-700">
          {wrong === 'from' ? 'From' : 'To'} is not a day: type it like 26 Oct 2026.
        </p>
      ) : null}
    </form>
  );
}
