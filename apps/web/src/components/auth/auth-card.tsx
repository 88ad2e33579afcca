import type { ReactNode } from 'react';

/** The frame of the sign-in, sign-up and password pages. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {intro ? <p className="mt-2 text-sm text-slate-600">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
