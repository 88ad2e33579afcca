import Link from 'next/link';
import { formatCount } from '@/format/format-numbers';
import type { FacetOption } from '@/search/search-catalog';

/**
 * One facet of the search results as links with counts: choosing an option narrows the
 * results (and keeps the query and the other filters); the chosen one links back to all.
 * Counts that are lower bounds (the search counted only its first matches) read `312+`.
 */
export function SearchFacet({
  label,
  options,
  selected,
  hrefFor,
  labelFor = (option) => option.label,
  countsAtLeast = false,
}: {
  label: string;
  options: FacetOption[];
  selected: string | undefined;
  hrefFor: (value: string | undefined) => string;
  labelFor?: (option: FacetOption) => string;
  countsAtLeast?: boolean;
}) {
  if (options.length === 0) return null;
  const headingId = `facet-${label.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-1 text-sm font-semibold text-slate-900">
        {label}
      </h3>
      <ul className="flex flex-col gap-0.5 text-sm">
        {selected !== undefined ? (
          <li>
            <Link href={hrefFor(undefined)} className="text-brand-700 hover:underline">
              ← Any {label.toLowerCase()}
            </Link>
          </li>
        ) : null}
        {options.map((option) => {
          const isSelected = option.value === selected;
          return (
            <li key={option.value}>
              <Link
                href={hrefFor(isSelected ? undefined : option.value)}
                aria-current={isSelected ? 'true' : undefined}
                className={`flex justify-between gap-3 rounded px-1.5 py-1 hover:bg-slate-100 ${isSelected ? 'bg-brand-50 font-semibold text-brand-800' : 'text-slate-700'}`}
              >
                <span className="min-w-0 truncate">{labelFor(option)}</span>
                <span className="shrink-0 tabular-nums text-slate-500">
                  {formatCount(option.count)}
                  {countsAtLeast ? '+' : ''}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
