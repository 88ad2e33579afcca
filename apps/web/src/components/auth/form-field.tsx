import type { InputHTMLAttributes } from 'react';

/** A labelled input; `hint` is tied to it with aria-describedby so screen readers read it. */
export function FormField({
  label,
  hint,
  ...input
}: { label: string; hint?: string; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  const hintId = hint ? `${input.id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={input.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...input}
        aria-describedby={hintId}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink placeholder:text-slate-400 focus:border-brand-600"
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  return (
    <div
      role="alert"
      aria-live="assertive"
      className={message ? 'rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800' : 'sr-only'}
    >
      {message}
    </div>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending}
      className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
    >
      {pending ? 'Please wait…' : children}
    </button>
  );
}
