import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_TITLE_MAX } from '@/documents/document-limits';
import { renderInAppRouter } from '@/testing/render-in-app-router';
import { stubFetchRefusing } from '@/testing/stub-fetch';
import { EditDocumentForm } from './edit-document-form';

function showForm() {
  return renderInAppRouter(
    <EditDocumentForm
      documentId={12}
      initial={{ title: 'Week 3 notes', description: 'Eigenvalues.', kind: 'notes' }}
      cancelHref="/documents/12-week-3-notes"
    />,
  );
}

describe('EditDocumentForm', () => {
  it('starts from the document, holds the documents’ limits and sends title, description and kind', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () =>
      Response.json({
        document: { id: 12, slug: 'week-4-notes', href: '/documents/12-week-4-notes' },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const { visited } = showForm();
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    const description = screen.getByLabelText(/Description/) as HTMLTextAreaElement;
    expect([title.value, title.maxLength, title.required]).toEqual([
      'Week 3 notes',
      DOCUMENT_TITLE_MAX,
      true,
    ]);
    expect([description.value, description.maxLength]).toEqual([
      'Eigenvalues.',
      DOCUMENT_DESCRIPTION_MAX,
    ]);
    await user.clear(title);
    await user.type(title, 'Week 4 notes');
    await user.selectOptions(screen.getByLabelText('Kind'), 'exam');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(fetch).toHaveBeenCalledWith('/api/documents/12', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Week 4 notes', description: 'Eigenvalues.', kind: 'exam' }),
    });
    await vi.waitFor(() => expect(visited).toEqual(['/documents/12-week-4-notes']));
  });

  it("shows each field's problem beside it and keeps what was typed", async () => {
    const user = userEvent.setup();
    stubFetchRefusing('The title is empty.', { title: 'Give the document a title.' });
    showForm();
    await user.type(screen.getByLabelText(/Description/), ' More.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The title is empty.');
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Give the document a title.').id).toBe(
      title.getAttribute('aria-describedby'),
    );
    expect((screen.getByLabelText(/Description/) as HTMLTextAreaElement).value).toBe(
      'Eigenvalues. More.',
    );
  });
});
