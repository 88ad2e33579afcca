import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';
import {
  type CourseSummary,
  selectCourseSummaries,
  toCourseSummary,
} from '@/catalog/course-summary';
import {
  type DocumentSummary,
  selectDocumentSummaries,
  toDocumentSummary,
} from '@/catalog/document-summary';
import { AppError } from '@/errors/app-error';

export interface Library {
  courses: CourseSummary[];
  documents: DocumentSummary[];
}

/**
 * "My library": the courses a member follows and the documents they bookmarked, most recent
 * first. Only what is public is listed: a followed course that was unpublished drops out
 * (and comes back if it is published again).
 */
export async function listLibrary(db: Kysely<Database>, viewer: Viewer | null): Promise<Library> {
  if (!viewer) throw new AppError('unauthorized', 'Sign in to see your library.');
  const [courses, documents] = await Promise.all([
    selectCourseSummaries(db)
      .innerJoin('course_follows as f', 'f.course_id', 'c.id')
      .where('f.user_id', '=', viewer.id)
      .orderBy('f.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute(),
    selectDocumentSummaries(db)
      .innerJoin('document_bookmarks as b', 'b.document_id', 'd.id')
      .where('b.user_id', '=', viewer.id)
      .orderBy('b.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .execute(),
  ]);
  return { courses: courses.map(toCourseSummary), documents: documents.map(toDocumentSummary) };
}
