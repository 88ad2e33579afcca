import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInAppRouter } from '@/testing/render-in-app-router';
import { stubFetchRefusing } from '@/testing/stub-fetch';
import { CourseForm } from './course-form';

const empty = { title: '', code: '', subject: '', institution: '', description: '' };
const subjects = [{ slug: 'physics', name: 'Physics' }];
const institutions = [{ slug: 'lakeside', name: 'Lakeside' }];

function showForm(courseId?: number) {
  return renderInAppRouter(
    <CourseForm
      courseId={courseId}
      initial={
        courseId ? { ...empty, title: 'Heat', subject: 'physics', institution: 'lakeside' } : empty
      }
      coverUrl={null}
      subjects={subjects}
      institutions={institutions}
    />,
  );
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), 'Thermodynamics');
  await user.selectOptions(screen.getByLabelText('Subject'), 'physics');
  await user.selectOptions(screen.getByLabelText('Institution'), 'lakeside');
}

/** A fetch whose answer the test releases, so the form can be seen while it waits. */
function pendingFetch() {
  let answer: (response: Response) => void = () => {};
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  );
  vi.stubGlobal('fetch', fetch);
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
        subject: 'physics',
        institution: 'lakeside',
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
    stubFetchRefusing('Subject "physics" is not one of the listed subjects.', {
      subject: 'Subject "physics" is not one of the listed subjects',
    });
    const { visited } = showForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create course' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Subject "physics" is not one of the listed subjects.',
    );
    const subject = screen.getByLabelText('Subject');
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Subject "physics" is not one of the listed subjects').id).toBe(
      subject.getAttribute('aria-describedby'),
    );
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Thermodynamics');
    expect(
      (screen.getByRole('button', { name: 'Create course' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(visited).toEqual([]);
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
