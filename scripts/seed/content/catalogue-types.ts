import type { DocumentKind } from '@coursepack/db/schema';

/** An institution of the demo catalogue; fictional but plausible. */
export interface DemoInstitution {
  slug: string;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface DemoSubject {
  slug: string;
  name: string;
}

/**
 * One document of a demo course. Each page is written in a small markup
 * (see parse-page-markup.ts) so the PDF can show headings, bullets and
 * numbered exercises while the database gets the same words as plain text.
 */
export interface DemoDocument {
  slug: string;
  title: string;
  description: string;
  kind: DocumentKind;
  pages: readonly string[];
}

export interface DemoCourse {
  slug: string;
  title: string;
  code: string;
  description: string;
  subjectSlug: string;
  institutionSlug: string;
  published: boolean;
  documents: readonly DemoDocument[];
}

export interface DemoCatalogue {
  institutions: readonly DemoInstitution[];
  subjects: readonly DemoSubject[];
  courses: readonly DemoCourse[];
}
