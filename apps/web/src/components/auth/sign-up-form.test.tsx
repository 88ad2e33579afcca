import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthFormFailure } from '@/auth/submit-auth-form';
import { renderTrackedInAppRouter } from '@/testing/render-in-app-router';
import { SignUpForm } from './sign-up-form';

/**
 * better-auth's client keeps the `fetch` it finds when its module loads, so the network boundary
 * is stubbed before any import, once, and each test says how the server answers.
 */
const network = vi.hoisted(() => {
  const state = { answer: (): Promise<Response> => new Promise<Response>(() => {}), calls: 0 };
  globalThis.fetch = async () => {
    state.calls += 1;
    return state.answer();
  };
  return state;
});

function showForm(failure: AuthFormFailure | null = null) {
  return renderTrackedInAppRouter(<SignUpForm next="/" failure={failure} />);
}

/** The message read out with a field: its description, the hint and the error. */
function describedBy(label: string): string {
  const input = screen.getByLabelText(label);
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

describe('SignUpForm', () => {
  it('says what each empty or malformed field needs, beside it, without asking the server', async () => {
    network.calls = 0;
    const user = userEvent.setup();
    showForm();
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy('Name')).toContain('Enter your name.');
    expect(describedBy('Email')).toContain(
      'Enter your whole email address, like name@example.org.',
    );
    expect(describedBy('Password')).toContain('Choose a password of at least 8 characters.');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(network.calls).toBe(0);
    expect(document.body.textContent).not.toMatch(/\[body\.|Too small|expected string/);
    // Changing a field takes its message away; the others stay until the next attempt.
    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(describedBy('Name')).not.toContain('Enter your name.');
    expect(describedBy('Email')).toContain('Enter your whole email address');
  });

  it('puts the server’s refusal of a guessable password beside the password, and clears it on the next attempt', async () => {
    const user = userEvent.setup();
    showForm();
    network.answer = async () =>
      Response.json(
        {
          code: 'PASSWORD_TOO_WEAK',
          message: 'Choose a password that is harder to guess. This is a heavily used password.',
          field: 'password',
          problems: [
            {
              field: 'password',
              code: 'PASSWORD_TOO_WEAK',
              message:
                'Choose a password that is harder to guess. This is a heavily used password.',
            },
          ],
        },
        { status: 400 },
      );
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText(
      'Choose a password that is harder to guess. This is a heavily used password.',
    );
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');

    // better-auth's own validator text never reaches the page: ours replaces it.
    network.answer = async () =>
      Response.json(
        { code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' },
        { status: 400 },
      );
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'limestone orbit kettle');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not create your account just now. Try again in a moment.',
    );
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    expect(document.body.textContent).not.toContain('heavily used');
    expect(document.body.textContent).not.toContain('[body.email]');
  });

  it('shows the failure of a post made without JavaScript beside its field', () => {
    showForm({ status: 400, code: 'PASSWORD_TOO_WEAK' });
    expect(describedBy('Password')).toContain('Choose a password that is harder to guess.');
  });
});
