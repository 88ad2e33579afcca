import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthFormFailure } from '@/auth/submit-auth-form';
import { renderTrackedInAppRouter } from '@/testing/render-in-app-router';
import { SignInForm } from './sign-in-form';

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

/** The form as the site shows it: inside the app router and the tracking provider. */
function showForm(next: string, failure: AuthFormFailure | null) {
  return renderTrackedInAppRouter(<SignInForm next={next} failure={failure} />);
}

/** Signs in as ada with `password`, the server answering `answer`. */
async function signIn(password: string, answer: () => Promise<Response>) {
  network.answer = answer;
  network.calls = 0;
  const user = userEvent.setup();
  const rendered = showForm('/library', null);
  await user.type(screen.getByLabelText('Email'), 'ada@example.org');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return rendered;
}

describe('SignInForm', () => {
  it('says a wrong email or password plainly, and can be sent again', async () => {
    await signIn('not it', async () =>
      Response.json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid' }, { status: 401 }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password.');
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  });

  it("shows the server's own words for too many attempts", async () => {
    await signIn('guess', async () =>
      Response.json(
        { message: 'Too many sign-in attempts. Try again in 5 minutes.' },
        { status: 429 },
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts. Try again in 5 minutes.',
    );
  });

  it('is busy while the server answers', async () => {
    await signIn('correct horse battery', () => new Promise<Response>(() => {}));
    const button = screen.getByRole('button', { name: 'Please wait…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(network.calls).toBe(1);
  });

  it('shows the failure of a post made without JavaScript when the page comes back', () => {
    showForm('/', { status: 401 });
    expect(screen.getByRole('alert').textContent).toBe('Wrong email or password.');
  });
});
