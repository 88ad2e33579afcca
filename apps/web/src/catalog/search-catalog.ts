import type { Database, DocumentKind } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';

/** Snippet delimiters that cannot occur in extracted text, so highlights never carry markup. */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_END = '\u0003';
const MAX_QUERY_LENGTH = 200;

export interface CourseHit {
  id: number;
  slug: string;
  title: string;
  code: string | null;
  institutionName: string;
}

export interface DocumentHit {
  id: number;
  slug: string;
  title: string;
  kind: DocumentKind;
  course: { id: number; slug: string; title: string };
  /** The page whose text matched best, when the match is in the body. */
  page: number | null;
  snippet: string;
}

export interface SearchResults {
  query: string;
  courses: CourseHit[];
  documents: DocumentHit[];
}

/**
 * Full-text search over published courses and documents: titles weigh more than
 * descriptions, which weigh more than page text; a document's best matching page
 * supplies the snippet and the page to open.
 */
export async function searchCatalog(
  db: Kysely<Database>,
  rawQuery: string,
  limit = 20,
): Promise<SearchResults> {
  const query = rawQuery.trim().slice(0, MAX_QUERY_LENGTH);
  if (!query) return { query, courses: [], documents: [] };
  const tsquery = sql`websearch_to_tsquery('english', ${query})`;
  const headlineOptions = `StartSel=${HIGHLIGHT_START},StopSel=${HIGHLIGHT_END},MaxWords=35,MinWords=15,MaxFragments=1`;

  const [courses, documents] = await Promise.all([
    db
      .selectFrom('courses as c')
      .innerJoin('institutions as i', 'i.id', 'c.institution_id')
      .where('c.published', '=', true)
      .where(sql<boolean>`c.search_vector @@ ${tsquery}`)
      .select(['c.id', 'c.slug', 'c.title', 'c.code', 'i.name as institution_name'])
      .orderBy(sql`ts_rank(c.search_vector, ${tsquery})`, 'desc')
      .orderBy('c.id')
      .limit(5)
      .execute(),
    db
      .selectFrom('documents as d')
      .innerJoin('courses as c', 'c.id', 'd.course_id')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('document_pages as p')
            .whereRef('p.document_id', '=', 'd.id')
            .where(sql<boolean>`p.search_vector @@ ${tsquery}`)
            .select([
              'p.page_number',
              'p.body',
              sql<number>`ts_rank(p.search_vector, ${tsquery})`.as('page_rank'),
            ])
            .orderBy('page_rank', 'desc')
            .orderBy('p.page_number')
            .limit(1)
            .as('best'),
        (join) => join.onTrue(),
      )
      .where('d.published', '=', true)
      .where('d.status', '=', 'ready')
      .where('c.published', '=', true)
      .where((eb) =>
        eb.or([
          eb(sql`d.search_vector @@ ${tsquery}`, '=', true),
          eb('best.page_number', 'is not', null),
        ]),
      )
      .select([
        'd.id',
        'd.slug',
        'd.title',
        'd.kind',
        'c.id as course_id',
        'c.slug as course_slug',
        'c.title as course_title',
        'best.page_number',
        sql<string>`ts_headline('english', coalesce(best.body, d.description), ${tsquery}, ${headlineOptions})`.as(
          'snippet',
        ),
      ])
      .orderBy(sql`ts_rank(d.search_vector, ${tsquery}) * 2 + coalesce(best.page_rank, 0)`, 'desc')
      .orderBy('d.id')
      .limit(limit)
      .execute(),
  ]);

  return {
    query,
    courses: courses.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      code: row.code,
      institutionName: row.institution_name,
    })),
    documents: documents.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      kind: row.kind,
      course: { id: row.course_id, slug: row.course_slug, title: row.course_title },
      page: row.page_number,
      snippet: row.snippet,
    })),
  };
}
