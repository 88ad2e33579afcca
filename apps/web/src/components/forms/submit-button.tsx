/**
 * The form's primary button, disabled and busy while the form is sent. `wide` fills the form's
 * width (the narrow auth forms); otherwise it sits at its label's width.
 */
export function SubmitButton({
  pending,
  pendingLabel = 'Please wait…',
  wide = true,
  children,
}: {
  pending: boolean;
  pendingLabel?: string;
  wide?: boolean;
  children: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending}
      className={`${wide ? 'w-full px-4' : 'px-5'} rounded-lg bg-brand-600 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60`}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
