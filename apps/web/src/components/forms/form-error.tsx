import type { ReactNode } from 'react';

/** A form's error, announced as soon as it appears; the region stays mounted so it is. */
export function FormError({ message }: { message: ReactNode }) {
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
