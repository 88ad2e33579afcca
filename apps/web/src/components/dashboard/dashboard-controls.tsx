'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useOptimistic, useTransition } from 'react';
import { type DashboardQuery, dashboardHref, RANGE_PRESETS } from '@/dashboard/dashboard-query';
import { CustomRange, type DayBounds } from './custom-range';

/**
 * Range presets, a custom range and the two toggles. Every control is a URL change (links and
 * a GET form), so a view can be shared and the back button goes back to the previous one.
 */
export function DashboardControls({
  path,
  query,
  bounds,
}: {
  path: string;
  query: DashboardQuery;
  /** The days a custom range may pick from. */
  bounds: DayBounds;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // The box shows its new state at once, while the page loads the figures for it.
  const [shown, showChange] = useOptimistic(query, (current, change: Partial<DashboardQuery>) => ({
    ...current,
    ...change,
  }));

  function toggle(change: Partial<DashboardQuery>) {
    startTransition(() => {
      showChange(change);
      router.push(dashboardHref(path, query, change), { scroll: false });
    });
  }

  return (
    <div
      className={`flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm transition-opacity lg:flex-row lg:flex-wrap lg:items-center ${
        pending ? 'opacity-60' : ''
      }`}
      aria-busy={pending}
    >
      <nav aria-label="Date range">
        <ul className="flex rounded-lg bg-slate-100 p-1 text-sm font-medium">
          {RANGE_PRESETS.map((days) => (
            <li key={days} className="flex-1">
              <Link
                href={dashboardHref(path, query, { days })}
                scroll={false}
                aria-current={query.days === days ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-md px-3 py-1.5 text-center ${
                  query.days === days
                    ? 'bg-white text-ink shadow-sm'
                    : 'text-slate-600 hover:text-ink'
                }`}
              >
                {days} days
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <CustomRange
        path={path}
        query={query}
        bounds={bounds}
        onApply={(range) => toggle({ days: null, ...range })}
      />

      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-700 lg:ml-auto">
        <Checkbox
          checked={shown.compare}
          onChange={(compare) => toggle({ compare })}
          label="Compare with previous period"
        />
        <Checkbox
          checked={shown.includeBots}
          onChange={(includeBots) => toggle({ includeBots })}
          label="Include bots"
        />
      </div>
    </div>
  );
}

function Checkbox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4 accent-brand-600"
      />
      {label}
    </label>
  );
}
