import type { ReactNode } from 'react';

/** A titled panel of the dashboard; `id` names its heading for `aria-labelledby`. */
export function DashboardCard({
  id,
  title,
  description,
  children,
  className = '',
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      <h2 id={id} className="text-base font-semibold tracking-tight text-ink">
        {title}
      </h2>
      {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
