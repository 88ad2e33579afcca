import Link from 'next/link';

/** What a signed-out visitor sees on a page for members: why, and a way back here after. */
export function SignInPrompt({
  title,
  reason,
  returnTo,
}: {
  title: string;
  reason: string;
  returnTo: string;
}) {
  const next = encodeURIComponent(returnTo);
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 text-slate-600">{reason}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link
          href={`/sign-in?next=${next}`}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Sign in
        </Link>
        <Link
          href={`/sign-up?next=${next}`}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:border-brand-600"
        >
          Create an account
        </Link>
      </div>
    </div>
  );
}
