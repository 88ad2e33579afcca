import { describe, expect, it } from 'vitest';
import { AUTH_BODY_FIELDS, findFieldProblems } from './account-rules';
import { describeAuthError } from './describe-auth-error';
import { personalWords, ratePassword } from './password-strength';

describe('ratePassword', () => {
  it('refuses common and guessable passwords, saying why and what to do', () => {
    expect(ratePassword('password', [])).toEqual({
      score: 0,
      acceptable: false,
      advice:
        'Choose a password that is harder to guess. This is a heavily used password. Add more words that are less common.',
    });
    for (const guessable of ['Password1!', 'qwertyuiop', '12345678', 'iloveyou', 'p@ssw0rd']) {
      expect(ratePassword(guessable, []).acceptable, guessable).toBe(false);
    }
  });

  it('counts the member’s own name and address, and the site’s name, as known words', () => {
    const words = personalWords('Grace Hopper', 'grace.hopper@example.org');
    expect(words).toEqual(
      expect.arrayContaining(['Grace Hopper', 'Grace', 'Hopper', 'grace.hopper@example.org']),
    );
    expect(ratePassword('grace.hopper@example.org', []).acceptable).toBe(true);
    expect(ratePassword('grace.hopper@example.org', words).acceptable).toBe(false);
    expect(ratePassword('coursepack2026', []).acceptable).toBe(false);
  });

  it('accepts a few unrelated words; the demo owner’s password, built from the site’s name, not', () => {
    for (const strong of ['limestone orbit kettle', 'Tr0ub4dor&3']) {
      expect(ratePassword(strong, []), strong).toMatchObject({ acceptable: true });
    }
    // The seed sets it directly (README); nobody may choose it.
    expect(ratePassword('coursepack-demo', []).acceptable).toBe(false);
  });

  it('rates the longest password allowed: 128 characters of a keyboard walk', () => {
    expect(ratePassword('1qaz2wsx3edc4rfv'.repeat(8), []).acceptable).toBe(false);
  });
});

describe('the account fields’ rules and messages', () => {
  it('name every problem of a sign-up in a sentence', () => {
    const fields = AUTH_BODY_FIELDS['/sign-up/email'] ?? {};
    expect(findFieldProblems(fields, { name: '', email: 'x@', password: 'short' })).toEqual([
      { field: 'name', code: 'NAME_REQUIRED', message: 'Enter your name.' },
      {
        field: 'email',
        code: 'INVALID_EMAIL',
        message: 'Enter your whole email address, like name@example.org.',
      },
      {
        field: 'password',
        code: 'PASSWORD_TOO_SHORT',
        message: 'Choose a password of at least 8 characters.',
      },
    ]);
    expect(
      findFieldProblems(fields, {
        name: 'Ada',
        email: 'ada@example.org',
        password: 'x'.repeat(129),
      }),
    ).toEqual([
      {
        field: 'password',
        code: 'PASSWORD_TOO_LONG',
        message: 'Choose a password of at most 128 characters.',
      },
    ]);
  });

  it('never show better-auth’s own text, and say when an address cannot sign in', () => {
    const words = { fallback: 'We could not create your account just now. Try again in a moment.' };
    expect(
      describeAuthError(
        { status: 400, code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' },
        words,
      ),
    ).toEqual({ form: words.fallback, fields: {} });
    expect(describeAuthError({ status: 400, code: 'PASSWORD_TOO_SHORT' }, words)).toEqual({
      form: null,
      fields: { password: 'Choose a password of at least 8 characters.' },
    });
    expect(
      describeAuthError({ status: 403, code: 'INVALID_ORIGIN', message: 'Invalid origin' }, words)
        .form,
    ).toBe(
      'Signing in does not work at this address of Coursepack. Open Coursepack at its usual address, then try again.',
    );
  });
});
