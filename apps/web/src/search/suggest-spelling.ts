import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';

/** Only plain words of this shape are in the vocabulary (see migration 0004-search). */
const CORRECTABLE = /^\p{L}{3,40}$/u;
/**
 * How much of a half-typed word must match somewhere in a vocabulary word (pg_trgm word
 * similarity). Lower than pg_trgm's default because a typo in a short prefix breaks most
 * of its few trigrams.
 */
const MIN_PARTIAL_SIMILARITY = 0.4;

export interface CorrectedWords {
  /** The words, each replaced by the closest vocabulary word when it is not one itself. */
  words: string[];
  /** The word being typed, completed or corrected when no vocabulary word starts with it. */
  partialWord: string | undefined;
  changed: boolean;
}

/**
 * Corrects likely typos word by word against the vocabulary of titles and descriptions:
 * a word that no searchable title or description contains is replaced by its nearest
 * neighbour by trigram similarity (pg_trgm, index-ordered), more frequent words first
 * among equals. Numbers and very short words are left alone.
 */
export async function correctWords(
  db: Kysely<Database>,
  words: readonly string[],
  partialWord?: string,
): Promise<CorrectedWords> {
  const complete = partialWord === undefined ? words : words.slice(0, -1);
  const correctable = complete.filter((word) => CORRECTABLE.test(word));
  const partial = partialWord && CORRECTABLE.test(partialWord) ? partialWord : undefined;
  if (correctable.length === 0 && partial === undefined) {
    return { words: [...words], partialWord, changed: false };
  }
  const { rows } = await sql<{ word: string; correction: string | null }>`
    SELECT w.word, coalesce(known.term, best.term) AS correction
    FROM unnest(${correctable}::text[]) AS w(word)
    LEFT JOIN search_terms known ON known.term = w.word AND known.frequency > 0
    LEFT JOIN LATERAL (
      SELECT t.term FROM search_terms t
      WHERE known.term IS NULL AND t.term % w.word AND t.frequency > 0
      ORDER BY t.term <-> w.word, t.frequency DESC
      LIMIT 1
    ) best ON true`.execute(db);
  const corrections = new Map(rows.map((row) => [row.word, row.correction ?? row.word]));
  const corrected = complete.map((word) => corrections.get(word) ?? word);
  const correctedPartial = partial ? await correctPartialWord(db, partial) : partialWord;
  if (partialWord !== undefined) corrected.push(correctedPartial ?? partialWord);
  return {
    words: corrected,
    partialWord: partialWord === undefined ? undefined : (correctedPartial ?? partialWord),
    changed: corrected.some((word, index) => word !== words[index]),
  };
}

/**
 * A half-typed word stays as it is while some vocabulary word starts with it; otherwise it
 * becomes the vocabulary word containing the closest match (word similarity, so "algbr"
 * finds "algebra" before the user has finished typing it).
 */
async function correctPartialWord(db: Kysely<Database>, prefix: string): Promise<string> {
  const { rows } = await sql<{ term: string }>`
    (SELECT ${prefix}::text AS term FROM search_terms
     WHERE term LIKE ${`${prefix.replace(/[\\%_]/g, '\\$&')}%`} AND frequency > 0 LIMIT 1)
    UNION ALL
    (SELECT term FROM (
       SELECT term, term <->> ${prefix} AS distance FROM search_terms
       WHERE frequency > 0
       ORDER BY term <->> ${prefix}, frequency DESC
       LIMIT 1) nearest
     WHERE distance <= ${1 - MIN_PARTIAL_SIMILARITY})
    LIMIT 1`.execute(db);
  return rows[0]?.term ?? prefix;
}

/**
 * "Did you mean": the query with its misspelt words corrected, or undefined when every
 * word is known or no close word exists.
 */
export async function suggestSpelling(
  db: Kysely<Database>,
  words: readonly string[],
): Promise<string | undefined> {
  const corrected = await correctWords(db, words);
  return corrected.changed ? corrected.words.join(' ') : undefined;
}
