import type { Database, DocumentKind } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import { coursePath, documentPath } from '../catalog/refs';
import { KIND_LABELS } from '../documents/kind-labels';
import { findCorrections, TYPEAHEAD_COUNT_CAP, type TypedWord } from './find-corrections';
import { HIGHLIGHT_END, HIGHLIGHT_START } from './highlight-delimiters';
import { parseSearchQuery } from './parse-search-query';
import {
  lookUpWords,
  MIN_PREFIX_LENGTH,
  matchTsQuery,
  type PlannedTerm,
  planTerms,
} from './plan-search-query';
import { PASSAGES_READ } from './search-catalog';

export const DEFAULT_SUGGESTIONS = 8;
/** Courses come first, at most this many, so documents always get room. */
const MAX_COURSE_SUGGESTIONS = 3;
/**
 * A prefix of one or two letters can match most titles. Ranking all of them would cost
 * more than a keystroke is worth, so suggestions are ranked among the first this many
 * matches found; every further letter narrows the matches until the ranking is exact.
 */
const CANDIDATES = 200;
/** Page-text matches fill at most this many places, after the titles. */
const MAX_PAGE_SUGGESTIONS = 3;
const PAGE_EXCERPT = `StartSel=${HIGHLIGHT_START},StopSel=${HIGHLIGHT_END},MaxWords=9,MinWords=4,MaxFragments=1`;

export interface TitleSuggestion {
  type: 'course' | 'document';
  id: number;
  /** The title, or for a match in page text, the words around it. */
  title: string;
  subtitle: string;
  href: string;
}

export interface TitleSuggestions {
  query: string;
  suggestions: TitleSuggestion[];
}

/**
 * The words with each typo corrected (the last, when still being typed, against the beginnings
 * of words), or undefined when none needs correcting.
 */
async function correctTyping(
  db: Kysely<Database>,
  typed: readonly TypedWord[],
): Promise<TypedWord[] | undefined> {
  const corrections = await findCorrections(db, typed, TYPEAHEAD_COUNT_CAP);
  if (corrections.size === 0) return undefined;
  return typed.map(({ word, partial }) => ({
    word: corrections.get(word)?.[0] ?? word,
    partial,
  }));
}

interface CourseRow {
  id: number;
  slug: string;
  title: string;
  code: string | null;
  institution: string;
}

interface DocumentRow {
  id: number;
  slug: string;
  title: string;
  kind: DocumentKind;
  course: string;
}

/**
 * Typeahead: published course and document titles containing every typed word (by stem)
 * and a word starting with the one being typed. When that finds too little, the words are
 * corrected against the vocabulary (typos) and the corrected titles fill the list, then
 * courses whose description and documents whose text has the words ("… in Lecture Notes 7,
 * page 3"), every word matched as on the results page (by stem, as a prefix and by the stems
 * of the words it begins).
 */
export async function suggestTitles(
  db: Kysely<Database>,
  rawQuery: string,
  limit = DEFAULT_SUGGESTIONS,
): Promise<TitleSuggestions> {
  const parsed = parseSearchQuery(rawQuery);
  if (parsed.words.length === 0) return { query: parsed.text, suggestions: [] };

  const typed = parsed.words.map((word, index) => ({
    word,
    partial: parsed.partialWord !== undefined && index === parsed.words.length - 1,
  }));
  const suggestions = await findTitles(db, typed, limit);
  if (suggestions.length >= limit) return { query: parsed.text, suggestions };
  // Titles need no stems (they are indexed unstemmed too): what the index makes of the words
  // is looked up only to fill the list, beside the corrections (looked up beside the titles,
  // it cost every keystroke more than the keystrokes that need it gain).
  const [corrected, found] = await Promise.all([
    correctTyping(db, typed),
    lookUpWords(db, parsed.words),
  ]);
  if (corrected) {
    const seen = new Set(suggestions.map((s) => `${s.type}:${s.id}`));
    const more = await findTitles(db, corrected, limit);
    for (const suggestion of more) {
      if (suggestions.length >= limit) break;
      if (!seen.has(`${suggestion.type}:${suggestion.id}`)) suggestions.push(suggestion);
    }
  }
  const terms = planTerms(typed, found);
  if (suggestions.length < limit && !tooShortForText(terms)) {
    const room = limit - suggestions.length;
    const shown = (type: TitleSuggestion['type']) =>
      suggestions.filter((s) => s.type === type).map((s) => s.id);
    const [courses, pages] = await Promise.all([
      findCoursesByText(db, terms, Math.min(MAX_COURSE_SUGGESTIONS, room), shown('course')),
      findPages(db, terms, Math.min(MAX_PAGE_SUGGESTIONS, room), shown('document')),
    ]);
    suggestions.push(...[...courses, ...pages].slice(0, room));
  }
  return { query: parsed.text, suggestions };
}

/** One or two letters begin words on most pages: not worth a text lookup per keystroke. */
function tooShortForText(terms: readonly PlannedTerm[]): boolean {
  return terms.some((term) => term.prefix && [...term.word].length < MIN_PREFIX_LENGTH);
}

/** Courses whose title, code or description has every word (the results page's courses). */
async function findCoursesByText(
  db: Kysely<Database>,
  terms: readonly PlannedTerm[],
  limit: number,
  exclude: readonly number[],
): Promise<TitleSuggestion[]> {
  const { rows } = await sql<CourseRow>`
    SELECT c.id, c.slug, c.title, c.code, i.name AS institution
    FROM (
      SELECT s.course_id FROM course_search s, (SELECT ${matchTsQuery(terms)} AS query) q
      WHERE s.vector @@ q.query AND NOT s.course_id = ANY (${exclude}::int[])
      LIMIT ${limit}
    ) m
    JOIN courses c ON c.id = m.course_id
    JOIN institutions i ON i.id = c.institution_id
    ORDER BY c.id`.execute(db);
  return rows.map(courseSuggestion);
}

function courseSuggestion(course: CourseRow): TitleSuggestion {
  return {
    type: 'course',
    id: course.id,
    title: course.title,
    subtitle: course.code ? `${course.code} · ${course.institution}` : course.institution,
    href: coursePath(course),
  };
}

/**
 * Documents whose text has every word, the last one as typed so far, each with the words
 * around its first matching page, or in its description when no one page has them all (the
 * words are in the description, or spread over several fields). Unranked: titles came first,
 * and these only fill the list.
 */
async function findPages(
  db: Kysely<Database>,
  terms: readonly PlannedTerm[],
  limit: number,
  exclude: readonly number[],
): Promise<TitleSuggestion[]> {
  const query = matchTsQuery(terms);
  const { rows } = await sql<{
    id: number;
    slug: string;
    title: string;
    page: number | null;
    excerpt: string;
  }>`
    -- Both materialized, so the planner cannot see the words: seeing them, it estimated rare
    -- ones as common and read the table in order for the first few matches, reading every
    -- row's large vector when there were none (600 ms). The matches are read on demand.
    WITH q AS MATERIALIZED (SELECT ${query} AS query),
    found AS MATERIALIZED (
      SELECT s.document_id FROM document_search s, q WHERE s.vector @@ q.query
    )
    SELECT d.id, d.slug, d.title, p.page_number AS page,
           ts_headline('coursepack',
             coalesce(substr(p.body, k.start, k.length), nullif(d.description, ''), d.title),
             q.query, ${PAGE_EXCERPT}) AS excerpt
    FROM q
    CROSS JOIN (
      SELECT document_id FROM found WHERE NOT document_id = ANY (${exclude}::int[])
      LIMIT ${limit}
    ) m
    JOIN documents d ON d.id = m.document_id
    -- The first of the first passages found with the words (migration 0019): the words around
    -- them are read from at most 2,000 characters, however long the page or the document.
    LEFT JOIN LATERAL (
      SELECT k.page_number, k.start, k.length FROM (
        SELECT s.page_number, s.passage, s.start, s.length FROM search_passages s
        WHERE s.document_id = m.document_id AND s.vector @@ q.query
        LIMIT ${PASSAGES_READ}
      ) k
      ORDER BY k.page_number, k.passage LIMIT 1
    ) k ON true
    LEFT JOIN document_pages p ON p.document_id = m.document_id AND p.page_number = k.page_number
    ORDER BY d.id DESC`.execute(db);
  return rows.map((row) => ({
    type: 'document',
    id: row.id,
    title: `… ${row.excerpt.replaceAll(HIGHLIGHT_START, '').replaceAll(HIGHLIGHT_END, '')} …`,
    subtitle: row.page === null ? `in ${row.title}` : `in ${row.title}, page ${row.page}`,
    href: row.page === null ? documentPath(row) : documentPath(row, row.page),
  }));
}

async function findTitles(
  db: Kysely<Database>,
  typed: readonly TypedWord[],
  limit: number,
): Promise<TitleSuggestion[]> {
  const complete = typed.filter((word) => !word.partial).map((word) => word.word);
  const partialWord = typed.find((word) => word.partial)?.word;
  // The half-typed word matches plain title words by prefix (stemming a fragment would
  // turn "analys" into a stem no title has); whole words match by English stem.
  const query = partialWord
    ? sql`plainto_tsquery('coursepack', ${complete.join(' ')}) && to_tsquery('coursepack_simple', ${`'${partialWord}':*`})`
    : sql`plainto_tsquery('coursepack', ${complete.join(' ')})`;
  const [courses, documents] = await Promise.all([
    sql<CourseRow>`
      SELECT c.id, c.slug, c.title, c.code, i.name AS institution
      FROM (
        SELECT s.course_id, ts_rank(s.title_vector, q.query) AS rank, length(s.title_vector) AS size
        FROM course_search s, (SELECT ${query} AS query) q
        WHERE s.title_vector @@ q.query
        LIMIT ${CANDIDATES}
      ) m
      JOIN courses c ON c.id = m.course_id
      JOIN institutions i ON i.id = c.institution_id
      ORDER BY m.rank DESC, m.size, c.id
      LIMIT ${Math.min(MAX_COURSE_SUGGESTIONS, limit)}`.execute(db),
    sql<DocumentRow>`
      SELECT d.id, d.slug, d.title, d.kind, c.title AS course
      FROM (
        SELECT s.document_id, ts_rank(s.title_vector, q.query) AS rank,
               length(s.title_vector) AS size
        FROM document_search s, (SELECT ${query} AS query) q
        WHERE s.title_vector @@ q.query
        LIMIT ${CANDIDATES}
      ) m
      JOIN documents d ON d.id = m.document_id
      JOIN courses c ON c.id = d.course_id
      ORDER BY m.rank DESC, m.size, d.id DESC
      LIMIT ${limit}`.execute(db),
  ]);
  const suggestions = courses.rows.map(courseSuggestion);
  for (const document of documents.rows) {
    if (suggestions.length >= limit) break;
    suggestions.push({
      type: 'document',
      id: document.id,
      title: document.title,
      subtitle: `${KIND_LABELS[document.kind].singular} · ${document.course}`,
      href: documentPath(document),
    });
  }
  return suggestions;
}
