import type { Database } from '@coursepack/db/schema';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { findCorrections } from './find-corrections';
import type { SearchQuery } from './parse-search-query';

/** Shorter words match only as typed: a one- or two-letter prefix matches most documents. */
const MIN_PREFIX_LENGTH = 3;
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

  const corrections = await findCorrections(
    db,
    parsed.words.map((word) => ({ word })),
  );
  for (const term of terms) term.corrections = corrections.get(term.word) ?? [];
  const changed = terms.some((term) => term.corrections.length > 0);
  const corrected = changed
    ? terms.map((term) => term.corrections[0] ?? term.word).join(' ')
    : undefined;
  return { literal, terms, corrected };
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
