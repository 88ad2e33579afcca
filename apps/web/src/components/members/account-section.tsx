import type { ReactNode } from 'react';

export const INPUT =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink focus:border-brand-600';
export const PRIMARY_BUTTON =
  'rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60';

/** One titled panel of the account page. */
export function AccountSection({
  id,
  title,
  tone = 'plain',
  children,
}: {
  id: string;
  title: string;
  tone?: 'plain' | 'danger';
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border bg-white p-6 ${tone === 'danger' ? 'border-red-200' : 'border-slate-200'}`}
    >
      <h2
        id={id}
        className={`text-xl font-semibold tracking-tight ${tone === 'danger' ? 'text-red-800' : ''}`}
      >
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A form's outcome: errors interrupt (`alert`), successes are announced politely (`status`). */
export function FormMessage({ message }: { message: { ok: boolean; text: string } | null }) {
  if (!message) return <div role="status" className="sr-only" />;
  return message.ok ? (
    <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
      {message.text}
    </p>
  ) : (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {message.text}
    </p>
  );
}
