'use client';

import { type FormEvent, useState } from 'react';

/**
 * The submit of the sign-in and sign-up forms. `submit` answers the message to show when it
 * failed (the form is usable again), or nothing once it has sent the member on: the form stays
 * busy until the next page replaces it. `initialError`: the failure of a post made without
 * JavaScript, which came back to the page.
 */
export function useAuthSubmit(
  submit: (form: FormData) => Promise<string | undefined>,
  initialError: string | null,
) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(initialError);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const message = await submit(form);
    if (message === undefined) return;
    setError(message);
    setPending(false);
  }

  return { pending, error, onSubmit };
}
