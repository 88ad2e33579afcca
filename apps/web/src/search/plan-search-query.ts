import type { Database } from '@coursepack/db/schema';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { allowedTypos, editDistance, sharedEnds } from './edit-distance';
import type { SearchQuery } from './parse-search-query';

/** Shorter words match only as typed: a one- or two-letter prefix matches most documents. */
const MIN_PREFIX_LENGTH = 3;
/** Nearest vocabulary words (by trigrams) whose edit distance is checked, per typo. */
const TYPO_CANDIDATES = 40;
/** Corrections searched for one word: the closest, most common first. */
const MAX_CORRECTIONS = 3;
/** Counting a correction's documents stops here: beyond it, commoner is not more likely. */
const COUNT_CAP = 200;
/** Only plain words are corrected: numbers and codes (`x86`, `CO2`) are typed on purpose. */
const CORRECTABLE = /^\p{L}+$/u;
/** Quotes, a leading minus or OR: web-search syntax (see the search page's tips). */
const SEARCH_SYNTAX = /"|(?:^|\s)-[\p{L}\p{N}]|(?:^|\s)or(?:\s|$)/iu;

export interface PlannedTerm {
  /** The word as typed (lower case, hyphens joined). */
  word: string;
  /** Vocabulary words (folded) searched instead, closest first; empty when it needs none. */
  corrections: string[];
}

export interface PlannedQuery {
  /**
   * Web-search syntax (quotes, minus, or) asks for words as written: such a query is searched
   * as typed, folded but without prefixes or corrections.
   */
  literal: boolean;
  terms: PlannedTerm[];
  /** The query with each corrected word replaced, when any was ("Showing results for"). */
  corrected: string | undefined;
}

/** The tsqueries one search needs, as SQL expressions (configuration `coursepack`). */
export interface SearchTsQueries {
  /** Every word as typed (stemmed, folded): the top ranking tier. */
  exact: RawBuilder<string>;
  /** What must match: every word as typed, as a prefix, or corrected. */
  match: RawBuilder<string>;
  /** Any of the words (with its prefixes and corrections): which page to show, highlighting. */
  any: RawBuilder<string>;
  /** One query per word, for partial matches and the words a document is missing. */
  perTerm: RawBuilder<string>[];
}

/**
 * Decides how each word is searched: as typed and as a prefix always (from MIN_PREFIX_LENGTH),
 * and, when no indexed word is or starts with it, as the closest vocabulary words within its
 * typo budget (allowedTypos) that some searchable document or course contains.
 */
export async function planSearchQuery(
  db: Kysely<Database>,
  parsed: SearchQuery,
  options: { verbatim?: boolean | undefined } = {},
): Promise<PlannedQuery> {
  const literal = SEARCH_SYNTAX.test(parsed.text);
  const terms: PlannedTerm[] = parsed.words.map((word) => ({ word, corrections: [] }));
  if (literal || options.verbatim) return { literal, terms, corrected: undefined };

  const correctable = parsed.words.filter(
    (word) => CORRECTABLE.test(word) && allowedTypos(word) > 0,
  );
  if (correctable.length === 0) return { literal, terms, corrected: undefined };
  const candidates = await findTypoCandidates(db, correctable);
  for (const term of terms) {
    const folded = candidates.get(term.word);
    if (!folded) continue;
    const budget = allowedTypos(folded.word);
    term.corrections = folded.candidates
      .map((candidate) => ({
        ...candidate,
        distance: editDistance(folded.word, candidate.word),
        ends: sharedEnds(folded.word, candidate.word),
      }))
      .filter((candidate) => candidate.distance <= budget)
      .sort(
        (a, b) =>
          a.distance - b.distance ||
          b.found - a.found ||
          b.ends - a.ends ||
          (a.word < b.word ? -1 : 1),
      )
      .slice(0, MAX_CORRECTIONS)
      .map((candidate) => candidate.word);
  }
  const changed = terms.some((term) => term.corrections.length > 0);
  const corrected = changed
    ? terms.map((term) => term.corrections[0] ?? term.word).join(' ')
    : undefined;
  return { literal, terms, corrected };
}

interface Candidates {
  /** The word folded as the vocabulary is (unaccented). */
  word: string;
  candidates: { word: string; found: number }[];
}

/**
 * One round trip: for each word that no vocabulary word equals or starts with, the nearest
 * vocabulary words by trigram distance of a possible length, cut by Levenshtein distance
 * (one more than the budget, as a swap costs two there; editDistance decides), with how many
 * searchable documents and courses contain each, up to COUNT_CAP.
 */
async function findTypoCandidates(
  db: Kysely<Database>,
  words: readonly string[],
): Promise<Map<string, Candidates>> {
  const { rows } = await sql<{
    word: string;
    folded: string;
    candidate: string | null;
    found: number | null;
  }>`
    WITH w AS (
      SELECT word, unaccent(word) COLLATE "C" AS folded, char_length(word) AS length, budget
      FROM unnest(${words}::text[], ${words.map(allowedTypos)}::int[]) AS typed(word, budget)
    )
    SELECT w.word, w.folded, c.word AS candidate, c.found
    FROM w
    LEFT JOIN LATERAL (
      SELECT near.word, (
        (SELECT count(*) FROM (
           SELECT FROM document_search s
           WHERE s.vector @@ plainto_tsquery('coursepack', near.word) LIMIT ${COUNT_CAP}) d)
        + (SELECT count(*) FROM (
           SELECT FROM course_search s
           WHERE s.vector @@ plainto_tsquery('coursepack', near.word) LIMIT ${COUNT_CAP}) c)
      )::int AS found
      FROM (
        SELECT v.word FROM search_words v
        WHERE char_length(v.word) BETWEEN w.length - w.budget AND w.length + w.budget
        ORDER BY v.word <-> w.folded
        LIMIT ${TYPO_CANDIDATES}
      ) near
      WHERE levenshtein_less_equal(near.word, w.folded, w.budget + 1) <= w.budget + 1
    ) c ON true
    WHERE NOT EXISTS (
      SELECT FROM search_words v
      WHERE v.word >= w.folded AND v.word < w.folded || chr(1114111))`.execute(db);
  const byWord = new Map<string, Candidates>();
  for (const row of rows) {
    const entry = byWord.get(row.word) ?? { word: row.folded, candidates: [] };
    byWord.set(row.word, entry);
    if (row.candidate !== null && row.found) {
      entry.candidates.push({ word: row.candidate, found: row.found });
    }
  }
  return byWord;
}

/**
 * The planned query as tsqueries. A word matches by its English stem as typed (`studies` finds
 * `study`), as the beginning of an indexed word, unstemmed (stemming `ceishy` or `pedis` would
 * change what was typed), and by its corrections. Words are letters and digits only
 * (parseSearchQuery), so quoting them makes operands that tsquery syntax cannot escape from.
 */
export function searchTsQueries(plan: PlannedQuery, text: string): SearchTsQueries {
  const exactOf = (term: PlannedTerm) => sql<string>`plainto_tsquery('coursepack', ${term.word})`;
  if (plan.literal) {
    const literal = sql<string>`websearch_to_tsquery('coursepack', ${text})`;
    const perTerm = plan.terms.map(exactOf);
    return { exact: literal, match: literal, any: combine(perTerm, '||'), perTerm };
  }
  const perTerm = plan.terms.map((term) => {
    const alternatives = [exactOf(term)];
    if ([...term.word].length >= MIN_PREFIX_LENGTH) {
      // Not for a stop word ("and" is in no index, so "and:*" would demand "android").
      alternatives.push(sql<string>`(CASE WHEN numnode(${exactOf(term)}) = 0 THEN ''::tsquery
        ELSE to_tsquery('coursepack_simple', ${`'${term.word}':*`}) END)`);
    }
    for (const correction of term.corrections) {
      alternatives.push(sql<string>`plainto_tsquery('coursepack', ${correction})`);
    }
    return combine(alternatives, '||');
  });
  return {
    exact: combine(plan.terms.map(exactOf), '&&'),
    match: combine(perTerm, '&&'),
    any: combine(perTerm, '||'),
    perTerm,
  };
}

function combine(
  queries: readonly RawBuilder<string>[],
  operator: '&&' | '||',
): RawBuilder<string> {
  return sql<string>`(${sql.join(queries, sql.raw(` ${operator} `))})`;
}
