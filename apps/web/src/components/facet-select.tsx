import type { Facet } from '@/catalog/list-catalog-facets';

/** A labelled filter over one facet, with each option's course count. */
export function FacetSelect({
  name,
  label,
  allLabel,
  facets,
  selected,
}: {
  name: string;
  label: string;
  allLabel: string;
  facets: Facet[];
  selected: string | undefined;
}) {
  return (
    <div>
      <label htmlFor={name} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={name}
        name={name}
        defaultValue={selected ?? ''}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        <option value="">{allLabel}</option>
        {facets.map((facet) => (
          <option key={facet.slug} value={facet.slug}>
            {facet.name} ({facet.courseCount})
          </option>
        ))}
      </select>
    </div>
  );
}
