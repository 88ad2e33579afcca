import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { selectCourseSummaries } from './course-summary';
import { selectDocumentSummaries } from './document-summary';

export interface SitemapEntries {
  courses: { id: number; slug: string; updatedAt: Date }[];
  documents: { id: number; slug: string; createdAt: Date }[];
}

// The sitemap protocol caps a file at 50,000 URLs.
const SITEMAP_LIMIT = 25_000;

export async function listSitemapEntries(db: Kysely<Database>): Promise<SitemapEntries> {
  const [courses, documents] = await Promise.all([
    selectCourseSummaries(db).orderBy('c.id').limit(SITEMAP_LIMIT).execute(),
    selectDocumentSummaries(db).orderBy('d.id').limit(SITEMAP_LIMIT).execute(),
  ]);
  return {
    courses: courses.map((c) => ({ id: c.id, slug: c.slug, updatedAt: c.updated_at })),
    documents: documents.map((d) => ({ id: d.id, slug: d.slug, createdAt: d.created_at })),
  };
}
