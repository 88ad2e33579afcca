import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';

export interface CourseSummary {
  id: number;
  slug: string;
  title: string;
  code: string | null;
  description: string;
  coverAssetId: string | null;
  subject: { slug: string; name: string };
  institution: { slug: string; name: string };
  documentCount: number;
  updatedAt: Date;
}

/** Courses (`c`) with their subject (`s`) and institution (`i`); callers choose the columns. */
export function selectCoursesWithTaxonomy(db: Kysely<Database>) {
  return db
    .selectFrom('courses as c')
    .innerJoin('subjects as s', 's.id', 'c.subject_id')
    .innerJoin('institutions as i', 'i.id', 'c.institution_id');
}

/** A course's own fields, as both its card and its edit form show them. */
export const COURSE_FIELDS = [
  'c.id',
  'c.slug',
  'c.title',
  'c.code',
  'c.description',
  'c.cover_asset_id',
] as const;

/** The COURSE_FIELDS of a row, named as the app names them. */
export function toCourseFields(row: {
  id: number;
  slug: string;
  title: string;
  code: string | null;
  description: string;
  cover_asset_id: string | null;
}) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    code: row.code,
    description: row.description,
    coverAssetId: row.cover_asset_id,
  };
}

/** Published courses with what a card shows; callers add filters, order and paging. */
export function selectCourseSummaries(db: Kysely<Database>) {
  return selectCoursesWithTaxonomy(db)
    .where('c.published', '=', true)
    .select([
      ...COURSE_FIELDS,
      'c.updated_at',
      's.slug as subject_slug',
      's.name as subject_name',
      'i.slug as institution_slug',
      'i.name as institution_name',
      sql<number>`(SELECT count(*) FROM documents d WHERE d.course_id = c.id AND d.published)`.as(
        'document_count',
      ),
    ]);
}

type CourseSummaryRow = Awaited<
  ReturnType<ReturnType<typeof selectCourseSummaries>['execute']>
>[number];

export function toCourseSummary(row: CourseSummaryRow): CourseSummary {
  return {
    ...toCourseFields(row),
    subject: { slug: row.subject_slug, name: row.subject_name },
    institution: { slug: row.institution_slug, name: row.institution_name },
    documentCount: row.document_count,
    updatedAt: row.updated_at,
  };
}
