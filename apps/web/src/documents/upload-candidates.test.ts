import { describe, expect, it } from 'vitest';
import { skipReason, titleFromFileName } from './upload-candidates';

describe('titleFromFileName', () => {
  it.each([
    ['lecture_03-intro.pdf', 'Lecture 03 intro'],
    ['week-notes.PDF', 'Week notes'],
    ['  exam__2024 -- solutions.pdf', 'Exam 2024 solutions'],
    ['Übungsblatt 5.pdf', 'Übungsblatt 5'],
    ['.pdf', '.pdf'],
  ])('suggests a title for %s', (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });

  it('cuts a very long name to the title limit', () => {
    expect(titleFromFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(200);
  });
});

describe('skipReason', () => {
  const pdf = { name: 'notes.pdf', size: 1_000, type: 'application/pdf' };

  it('sends a PDF within the limit', () => {
    expect(skipReason(pdf, 10_000)).toBeNull();
    expect(skipReason({ ...pdf, name: 'NOTES', type: 'application/pdf' }, 10_000)).toBeNull();
  });

  it('says why another file is skipped', () => {
    expect(skipReason({ name: 'photo.jpg', size: 10, type: 'image/jpeg' }, 10_000)).toMatch(
      /^Not a PDF/,
    );
    expect(skipReason({ ...pdf, size: 0 }, 10_000)).toMatch(/^This file is empty \(0 bytes\)/);
    expect(skipReason({ ...pdf, size: 20_000 }, 10_000)).toMatch(/the limit is/);
  });
});
