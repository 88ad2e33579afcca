import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInAppRouter } from '@/testing/render-in-app-router';
import { CourseForm } from './course-form';

const empty = { title: '', code: '', subject: '', institution: '', description: '' };
/** What /api/courses/choices suggests, whatever is typed. */
const suggested = {
  subjects: [
    { name: 'Physics', courseCount: 3 },
    { name: 'Physical Chemistry', courseCount: 1 },
  ],
  institutions: [{ name: 'Lakeside Institute', courseCount: 2 }],
};

/**
 * The network boundary: suggestions answered at once, every other call by `other` (the course
 * save the test is about).
 */
function stubFetch(other: (url: string) => Promise<Response>) {
  const fetch = vi.fn(async (url: string) => {
    const address = new URL(url, 'http://localhost:3000');
    if (address.pathname === '/api/courses/choices') {
      const list = address.searchParams.get('list') as keyof typeof suggested;
      return Response.json({ suggestions: suggested[list] });
    }
    return other(url);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function stubFetchRefusing(message: string, fields: Record<string, string>) {
  return stubFetch(async () =>
    Response.json({ error: { code: 'bad_request', message, fields } }, { status: 400 }),
  );
}

function showForm(courseId?: number) {
  return renderInAppRouter(
    <CourseForm
      courseId={courseId}
      initial={
        courseId
          ? { ...empty, title: 'Heat', subject: 'Physics', institution: 'Lakeside Institute' }
          : empty
      }
      coverUrl={null}
    />,
  );
}

/** Types a title, picks a suggested subject with the keyboard and names a new institution. */
async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), 'Thermodynamics');
  await user.type(screen.getByRole('combobox', { name: 'Subject' }), 'phy');
  await screen.findByRole('option', { name: /Physics/ });
  await user.keyboard('{ArrowDown}{Enter}');
  await user.type(screen.getByRole('combobox', { name: 'Institution' }), '  Université   Laval ');
}

/** A fetch whose answer the test releases, so the form can be seen while it waits. */
function pendingFetch() {
  let answer: (response: Response) => void = () => {};
  const fetch = stubFetch(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  );
  return { fetch, answer: (response: Response) => answer(response) };
}

describe('CourseForm', () => {
  it('creates the course and goes to its page, the button disabled while it saves', async () => {
    const user = userEvent.setup();
    const server = pendingFetch();
    const { visited } = showForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create course' }));
    const saving = screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    expect(server.fetch).toHaveBeenCalledWith('/api/courses', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Thermodynamics',
        code: '',
        subject: 'Physics',
        institution: '  Université   Laval ',
        description: '',
      }),
    });
    server.answer(
      Response.json(
        { course: { id: 7, slug: 'thermodynamics', path: '/courses/7-thermodynamics' } },
        { status: 201 },
      ),
    );
    await vi.waitFor(() => expect(visited).toEqual(['/courses/7-thermodynamics']));
  });

  it("shows the server's message and each field's problem beside it, keeping what was typed", async () => {
    const user = userEvent.setup();
    stubFetchRefusing('Subject must be at most 80 characters.', {
      subject: 'Subject must be at most 80 characters',
    });
    const { visited } = showForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create course' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Subject must be at most 80 characters.',
    );
    const subject = screen.getByLabelText('Subject');
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(subject.getAttribute('aria-describedby')).toContain(
      screen.getByText('Subject must be at most 80 characters').id,
    );
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Thermodynamics');
    expect(
      (screen.getByRole('button', { name: 'Create course' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(visited).toEqual([]);
  });

  it('suggests existing subjects as a combobox: arrows move, Enter takes one, Escape closes', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch(async () => new Response(null, { status: 500 }));
    showForm();
    const subject = screen.getByRole('combobox', { name: 'Subject' });
    expect(subject.getAttribute('aria-expanded')).toBe('false');
    await user.type(subject, 'PHY');
    await screen.findByRole('option', { name: /Physical Chemistry/ });
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/courses/choices?list=subjects&q=PHY',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(subject.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Existing subjects' });
    expect(subject.getAttribute('aria-controls')).toBe(listbox.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /Physical Chemistry/ });
    expect(subject.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Escape}');
    expect(subject.getAttribute('aria-expanded')).toBe('false');
    expect((subject as HTMLInputElement).value).toBe('PHY');
    await user.keyboard('{ArrowDown}{Enter}');
    expect((subject as HTMLInputElement).value).toBe('Physics');
    // Enter took the suggestion; it did not send the form.
    expect(fetch.mock.calls.every(([url]) => url.startsWith('/api/courses/choices'))).toBe(true);
  });

  it('keeps the suggestions closed when they arrive after the member moved to another field', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch(async () => new Response(null, { status: 500 }));
    showForm();
    const subject = screen.getByRole('combobox', { name: 'Subject' });
    await user.type(subject, 'Phys');
    await user.tab();
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/courses/choices?list=subjects&q=Phys',
        expect.anything(),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(subject.getAttribute('aria-expanded')).toBe('false');
    const listbox = document.getElementById(String(subject.getAttribute('aria-controls')));
    expect(listbox?.hidden).toBe(true);
  });

  it('says so when Coursepack cannot be reached', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    showForm(7);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not reach Coursepack. Check your connection and try again.',
    );
  });

  it('refuses a cover over 10 MB before anything is sent', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn());
    showForm();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(/Choose a cover/), big);
    expect(screen.getByText('The cover must be at most 10 MB.')).toBeTruthy();
    expect(screen.getByLabelText(/Choose a cover/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });
});
