'use client';

import { type FormEvent, useState } from 'react';
import { type FieldKind, findFieldProblems } from '@/auth/account-rules';
import { type FormProblems, NO_PROBLEMS } from '@/auth/describe-auth-error';

/**
 * The submit of an account form (sign-in, sign-up, password reset and change). Each attempt
 * starts afresh: the last attempt's messages go, the fields are checked here with the server's
 * own rules (`fields`: each field's kind, by its name), and only then is `submit` called. It
 * answers what to show when it is done (the form is usable again: NO_PROBLEMS when it worked and
 * the member stays), or nothing once it has sent the member on: the form stays busy until the next page replaces it. The first field with a
 * problem, in the form's order, gets the focus. `initial`: the failure of a post made without JavaScript.
 */
export function useAuthSubmit(
  fields: Record<string, FieldKind>,
  submit: (form: FormData, element: HTMLFormElement) => Promise<FormProblems | undefined>,
  initial: FormProblems | null = null,
) {
  const [pending, setPending] = useState(false);
  const [problems, setProblems] = useState<FormProblems>(initial ?? NO_PROBLEMS);

  function show(form: HTMLFormElement, next: FormProblems) {
    setProblems(next);
    const first = Array.from(form.elements).find(
      (control) => control instanceof HTMLInputElement && next.fields[control.name],
    );
    if (first instanceof HTMLElement) first.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const local = findFieldProblems(fields, Object.fromEntries(form));
    if (local.length > 0) {
      show(formElement, {
        form: null,
        fields: Object.fromEntries(local.map(({ field, message }) => [field, message])),
      });
      return;
    }
    setPending(true);
    setProblems(NO_PROBLEMS);
    const failed = await submit(form, formElement);
    if (failed === undefined) return;
    show(formElement, failed);
    setPending(false);
  }

  /** A field's message goes once the person changes that field (the form's `onInput`). */
  function onInput(event: FormEvent<HTMLFormElement>) {
    const { target } = event;
    if (!(target instanceof HTMLInputElement) || !problems.fields[target.name]) return;
    const { [target.name]: _edited, ...others } = problems.fields;
    setProblems({ ...problems, fields: others });
  }

  return { pending, problems, onSubmit, onInput };
}
