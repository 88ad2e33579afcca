import type { DocumentKind } from '@coursepack/db/schema';

/** What each kind of document is called: one of them, and a heading over several. */
export const KIND_LABELS: Record<DocumentKind, { singular: string; plural: string }> = {
  notes: { singular: 'Lecture notes', plural: 'Lecture notes' },
  slides: { singular: 'Slides', plural: 'Slides' },
  exercises: { singular: 'Exercises', plural: 'Exercise sheets' },
  exam: { singular: 'Exam', plural: 'Past exams' },
  summary: { singular: 'Summary', plural: 'Summaries' },
  other: { singular: 'Document', plural: 'Other documents' },
};
