import type { FormEventHandler, ReactNode } from 'react';
import type { FormProblems } from '@/auth/describe-auth-error';
import { FormError } from '@/components/forms/form-error';
import { TextField } from '@/components/forms/form-field';

/**
 * The frame of a sign-in page's form: posted as it is when JavaScript is off (`action`, with the
 * page to return to in `next`), otherwise sent by `useAuthSubmit`, whose answer `submit` is; the
 * form's own error comes first, then the fields.
 */
export function AuthForm({
  submit,
  action,
  next,
  onChange,
  children,
}: {
  submit: {
    problems: FormProblems;
    onSubmit: FormEventHandler<HTMLFormElement>;
    onInput: FormEventHandler<HTMLFormElement>;
  };
  action?: string;
  next?: string;
  onChange?: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={action}
      onSubmit={submit.onSubmit}
      onInput={submit.onInput}
      onChange={onChange}
      noValidate
      className="space-y-4"
    >
      {next === undefined ? null : <input type="hidden" name="next" value={next} />}
      <FormError message={submit.problems.form} />
      {children}
    </form>
  );
}

/** The email address a member signs in with; `maxLength` where a new one is typed. */
export function EmailField({
  error,
  maxLength,
}: {
  error: string | undefined;
  maxLength?: number;
}) {
  return (
    <TextField
      id="email"
      name="email"
      type="email"
      label="Email"
      autoComplete="email"
      required
      maxLength={maxLength}
      error={error}
    />
  );
}
