export function SearchBox({
  id,
  defaultValue,
  compact = false,
}: {
  id: string;
  defaultValue?: string;
  compact?: boolean;
}) {
  return (
    <form action="/search" method="get" role="search" className="flex w-full gap-2">
      <label htmlFor={id} className="sr-only">
        Search courses and documents
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        maxLength={200}
        placeholder="Search courses, notes, exams…"
        className={`w-full rounded-lg border border-slate-300 bg-white px-3 text-ink placeholder:text-slate-500 focus:border-brand-600 ${compact ? 'py-1.5 text-sm' : 'py-3 text-base'}`}
      />
      <button
        type="submit"
        className={`shrink-0 rounded-lg bg-brand-600 font-medium text-white hover:bg-brand-700 ${compact ? 'px-3 text-sm' : 'px-5'}`}
      >
        Search
      </button>
    </form>
  );
}
