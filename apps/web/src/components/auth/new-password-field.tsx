import type { ChangeEventHandler } from 'react';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/auth/password-rules';
import { TextField } from '@/components/forms/form-field';
import { PasswordStrengthMeter } from './password-strength-meter';

/**
 * A password being chosen (sign-up, reset, change): the length rules the server holds it to, and
 * a strength meter under it that goes quiet while the field shows its own error. `password` is
 * the value typed so far (the meter's input), `userInputs` the person's own words a guess tries first.
 */
export function NewPasswordField({
  id,
  label,
  error,
  password,
  userInputs = [],
  onChange,
}: {
  id: string;
  label: string;
  error: string | undefined;
  password: string;
  userInputs?: string[];
  onChange?: ChangeEventHandler<HTMLInputElement>;
}) {
  return (
    <TextField
      id={id}
      name={id}
      type="password"
      label={label}
      autoComplete="new-password"
      required
      minLength={MIN_PASSWORD_LENGTH}
      maxLength={MAX_PASSWORD_LENGTH}
      onChange={onChange}
      error={error}
      hint={
        <>
          At least {MIN_PASSWORD_LENGTH} characters, hard to guess: a few unrelated words work well.
          <PasswordStrengthMeter
            password={password}
            userInputs={userInputs}
            quiet={Boolean(error)}
          />
        </>
      }
    />
  );
}
