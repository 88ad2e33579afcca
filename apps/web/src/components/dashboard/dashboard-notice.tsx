import Link from 'next/link';
import type { ReactNode } from 'react';

/** A full-page message where a dashboard would be: what happened, and where to go instead. */
export function DashboardNotice({
  eyebrow,
  title,
  children,
  action,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
  action: { href: string; label: string };
}) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-3 text-slate-600">{children}</div>
      <Link
        href={action.href}
        className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        {action.label}
      </Link>
    </div>
  );
}
