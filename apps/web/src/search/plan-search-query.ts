import type { Database } from '@coursepack/db/schema';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { findCorrections, type TypedWord } from './find-corrections';
import type { SearchQuery } from './parse-search-query';

/** Shorter words match only as typed: a one- or two-letter prefix matches most documents. */
export const MIN_PREFIX_LENGTH = 3;
/**
 * Stems searched for one prefix, at most. The stemmer changes only a word's ending, so a
 * prefix's words share a few stems it misses (2 at most in the 100,000-document bench's
 * vocabulary); the cap bounds one word's tsquery whatever the vocabulary holds.
 */
const MAX_PREFIX_STEMS = 50;
/** Quotes, a leading minus or OR: web-search syntax (see the search page's tips). */
const SEARCH_SYNTAX = /"|(?:^|\s)-[\p{L}\p{N}]|(?:^|\s)or(?:\s|$)/iu;

export interface PlannedTerm {
  /** The word as typed (lower case, hyphens joined). */
  word: string;
  /** Also matched as the beginning of an indexed word. */
  prefix: boolean;
  /**
   * Stems of the vocabulary words that begin with the word where the prefix cannot reach them:
   * the English stemmer cut them shorter than what was typed, or changed their ending
   * (`calculat` begins *calculation*, indexed as `calcul`; `happy` is indexed as `happi`).
   */
  stems: string[];
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
 * Decides how each word is searched: as typed and as a prefix always (from MIN_PREFIX_LENGTH;
 * a stop word only when the query has nothing else), the prefix with the stems of the words it
 * begins, and, when no indexed word is or starts with it, as the closest vocabulary words
 * within its typo budget (allowedTypos) that some searchable document or course contains.
 */
export async function planSearchQuery(
  db: Kysely<Database>,
  parsed: SearchQuery,
  options: { verbatim?: boolean | undefined } = {},
): Promise<PlannedQuery> {
  const literal = SEARCH_SYNTAX.test(parsed.text);
  if (literal) {
    const terms = parsed.words.map((word) => ({ word, prefix: false, stems: [], corrections: [] }));
    return { literal, terms, corrected: undefined };
  }
  const typed = parsed.words.map((word) => ({ word }));
  const [found, corrections] = await Promise.all([
    lookUpWords(db, parsed.words),
    options.verbatim ? new Map<string, string[]>() : findCorrections(db, typed),
  ]);
  return planWords(typed, found, corrections);
}

/**
 * The plan of a query without web-search syntax, from what the index makes of its words
 * (lookUpWords) and their corrections (findCorrections): both take any number of words, so
 * many queries can be planned in two round trips.
 */
export function planWords(
  typed: readonly TypedWord[],
  found: readonly WordInIndex[],
  corrections: ReadonlyMap<string, string[]>,
): PlannedQuery {
  const terms = planTerms(typed, found);
  for (const term of terms) term.corrections = corrections.get(term.word) ?? [];
  const changed = terms.some((term) => term.corrections.length > 0);
  const corrected = changed
    ? terms.map((term) => term.corrections[0] ?? term.word).join(' ')
    : undefined;
  return { literal: false, terms, corrected };
}

/** What the index makes of one typed word (lookUpWords). */
export interface WordInIndex {
  /** A stop word (`the`, `his`): the index holds no stem of it. */
  stop: boolean;
  /** PlannedTerm.stems, for a word of MIN_PREFIX_LENGTH letters or more. */
  stems: string[];
}

/**
 * One round trip for any number of words: whether each is a stop word, and the stems of the
 * vocabulary words (`search_words`) it begins that do not begin with it themselves.
 */
export async function lookUpWords(
  db: Kysely<Database>,
  words: readonly string[],
): Promise<WordInIndex[]> {
  if (words.length === 0) return [];
  const { rows } = await sql<WordInIndex>`
    SELECT numnode(plainto_tsquery('coursepack', t.word)) = 0 AS stop,
      ARRAY(
        -- Every vocabulary word beginning with the word (the primary key's range), stemmed as
        -- the index stems it (the vocabulary is folded already), keeping the stems the prefix
        -- misses.
        SELECT DISTINCT s.stem
        FROM search_words v CROSS JOIN LATERAL unnest(ts_lexize('english_stem', v.word)) AS s(stem)
        WHERE t.long AND v.word >= t.folded AND v.word < t.folded || chr(1114111)
          AND NOT starts_with(s.stem, t.folded)
        ORDER BY s.stem LIMIT ${MAX_PREFIX_STEMS}) AS stems
    FROM (
      SELECT word, lower(unaccent(word)) COLLATE "C" AS folded, char_length(word) >= ${MIN_PREFIX_LENGTH} AS long, i
      FROM unnest(${words}::text[]) WITH ORDINALITY AS t(word, i)
    ) t
    ORDER BY t.i`.execute(db);
  return rows;
}

/**
 * How each word of one query matches, before corrections, from what the index makes of it
 * (`found`, lookUpWords). A word of MIN_PREFIX_LENGTH letters or more, or one still being typed
 * (the typeahead's last word, whatever its length), is also a prefix, with the stems its prefix
 * cannot reach. A stop word is in no index: among other words it is left out (`and:*` would
 * demand *android* of "rock and roll"), but alone, or among stop words only, it can only be
 * the beginning of a word being looked for (`his` of *history*).
 */
export function planTerms(
  typed: readonly TypedWord[],
  found: readonly WordInIndex[],
): PlannedTerm[] {
  const onlyStopWords = found.every((word) => word.stop);
  return typed.map(({ word, partial }, index) => {
    const inIndex = found[index];
    const prefix =
      partial === true ||
      ([...word].length >= MIN_PREFIX_LENGTH && (!inIndex?.stop || onlyStopWords));
    return { word, prefix, stems: prefix ? (inIndex?.stems ?? []) : [], corrections: [] };
  });
}

/**
 * The planned query as tsqueries. A word matches by its English stem as typed (`studies` finds
 * `study`), as the beginning of an indexed word, unstemmed (stemming `ceishy` or `pedis` would
 * change what was typed), by the stems of the words it begins, and by its corrections. Words are
 * letters and digits only (parseSearchQuery) and stems letters only (`search_words`), so quoting
 * them makes operands that tsquery syntax cannot escape from.
 */
export function searchTsQueries(plan: PlannedQuery, text: string): SearchTsQueries {
  if (plan.literal) {
    const literal = sql<string>`websearch_to_tsquery('coursepack', ${text})`;
    const perTerm = plan.terms.map(exactTsQuery);
    return { exact: literal, match: literal, any: combine(perTerm, '||'), perTerm };
  }
  const perTerm = plan.terms.map(termTsQuery);
  return {
    exact: combine(plan.terms.map(exactTsQuery), '&&'),
    match: matchTsQuery(plan.terms),
    any: combine(perTerm, '||'),
    perTerm,
  };
}

function exactTsQuery(term: PlannedTerm): RawBuilder<string> {
  return sql<string>`plainto_tsquery('coursepack', ${term.word})`;
}

/** Every word, each in every way it matches (`match` of searchTsQueries). */
export function matchTsQuery(terms: readonly PlannedTerm[]): RawBuilder<string> {
  return combine(terms.map(termTsQuery), '&&');
}

/** Every way one planned word matches, as one tsquery. */
function termTsQuery(term: PlannedTerm): RawBuilder<string> {
  const alternatives = [exactTsQuery(term)];
  if (term.prefix) {
    alternatives.push(sql<string>`to_tsquery('coursepack_simple', ${`'${term.word}':*`})`);
  }
  if (term.stems.length > 0) {
    // Lexemes as they are: the cast neither stems nor folds them again.
    alternatives.push(sql<string>`${term.stems.map((stem) => `'${stem}'`).join(' | ')}::tsquery`);
  }
  for (const correction of term.corrections) {
    alternatives.push(sql<string>`plainto_tsquery('coursepack', ${correction})`);
  }
  return combine(alternatives, '||');
}

function combine(
  queries: readonly RawBuilder<string>[],
  operator: '&&' | '||',
): RawBuilder<string> {
  return sql<string>`(${sql.join(queries, sql.raw(` ${operator} `))})`;
}
