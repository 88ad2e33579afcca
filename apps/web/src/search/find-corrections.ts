import type { Database } from '@coursepack/db/schema';
import { type Kysely, sql } from 'kysely';
import { allowedTypos, editDistance, prefixEditDistance, sharedEnds } from './edit-distance';

/** Nearest vocabulary words (by trigrams) whose edit distance is checked, per typo. */
const TYPO_CANDIDATES = 40;
/** Corrections kept for one word: the closest, most common first. */
const MAX_CORRECTIONS = 3;
/**
 * Counting a correction's documents stops here: beyond it, commoner is not more likely. A
 * keystroke in the typeahead counts to a lower cap (each counted document is a row read).
 */
const COUNT_CAP = 200;
export const TYPEAHEAD_COUNT_CAP = 20;
/** Only plain words are corrected: numbers and codes (`x86`, `CO2`) are typed on purpose. */
const CORRECTABLE = /^\p{L}+$/u;

export interface TypedWord {
  /** As parsed (lower case, hyphens joined). */
  word: string;
  /** Still being typed (the typeahead's last word): it may be the start of a longer word. */
  partial?: boolean;
}

/**
 * The one spelling corrector of search (docs/search.md, rule 2), for the results page, its
 * "Did you mean" and the typeahead. A letters-only word within its typo budget that no
 * vocabulary word (`search_words`) equals or begins with is corrected to the vocabulary words
 * within the budget that some searchable document or course contains, keeping its first letter
 * when any does: closest first, then commonest, then keeping more of the typed word's ends. A word being typed is measured
 * against the beginnings of vocabulary words (`algbr` is one typo from *algebr*a). Returns
 * the corrections (folded, at most MAX_CORRECTIONS) of each word that has some.
 */
export async function findCorrections(
  db: Kysely<Database>,
  typed: readonly TypedWord[],
  countCap = COUNT_CAP,
): Promise<Map<string, string[]>> {
  const correctable = typed.filter(({ word }) => CORRECTABLE.test(word) && allowedTypos(word) > 0);
  const corrections = new Map<string, string[]>();
  if (correctable.length === 0) return corrections;
  const candidates = await findTypoCandidates(db, correctable, countCap);
  for (const { word, partial } of correctable) {
    const found = candidates.get(word);
    if (!found) continue;
    const budget = allowedTypos(found.folded);
    const distance = partial ? prefixEditDistance : editDistance;
    const first = [...found.folded][0];
    const near = found.candidates
      .map((candidate) => ({
        ...candidate,
        distance: distance(found.folded, candidate.word),
        ends: sharedEnds(found.folded, candidate.word),
        keepsFirst: [...candidate.word][0] === first,
      }))
      .filter((candidate) => candidate.distance <= budget);
    // People rarely mistype a word's first letter: when some correction keeps it, those that
    // change it are dropped (`sidourt` is *sicourt* or *sidurt*, not *midourt*).
    const keepingFirst = near.filter((candidate) => candidate.keepsFirst);
    const best = (keepingFirst.length > 0 ? keepingFirst : near)
      .sort(
        (a, b) =>
          a.distance - b.distance ||
          b.found - a.found ||
          b.ends - a.ends ||
          (a.word < b.word ? -1 : 1),
      )
      .slice(0, MAX_CORRECTIONS)
      .map((candidate) => candidate.word);
    if (best.length > 0) corrections.set(word, best);
  }
  return corrections;
}

interface Candidates {
  /** The word folded as the vocabulary is (unaccented). */
  folded: string;
  candidates: { word: string; found: number }[];
}

/**
 * One round trip: for each word that no vocabulary word equals or starts with, the nearest
 * vocabulary words of a possible length — by trigram distance for a whole word, cut by
 * Levenshtein distance (one more than the budget, as a swap costs two there); by word
 * similarity for a word being typed (its trigrams found within a longer word), cut the same
 * way against their beginnings — with how many searchable documents and courses contain each,
 * up to `countCap` (only the candidates left are counted). The caller's edit distance decides.
 */
async function findTypoCandidates(
  db: Kysely<Database>,
  words: readonly TypedWord[],
  countCap: number,
): Promise<Map<string, Candidates>> {
  const { rows } = await sql<{
    word: string;
    folded: string;
    candidate: string | null;
    found: number | null;
  }>`
    WITH w AS (
      SELECT word, unaccent(word) COLLATE "C" AS folded, char_length(word) AS length, budget,
             partial
      FROM unnest(${words.map((w) => w.word)}::text[], ${words.map((w) => allowedTypos(w.word))}::int[],
                  ${words.map((w) => w.partial === true)}::boolean[]) AS typed(word, budget, partial)
    )
    SELECT w.word, w.folded, c.word AS candidate, c.found
    FROM w
    LEFT JOIN LATERAL (
      SELECT near.word, (
        (SELECT count(*) FROM (
           SELECT FROM document_search s
           WHERE s.vector @@ plainto_tsquery('coursepack', near.word) LIMIT ${countCap}) d)
        + (SELECT count(*) FROM (
           SELECT FROM course_search s
           WHERE s.vector @@ plainto_tsquery('coursepack', near.word) LIMIT ${countCap}) c)
      )::int AS found
      FROM (
        (SELECT v.word FROM search_words v
         WHERE NOT w.partial
           AND char_length(v.word) BETWEEN w.length - w.budget AND w.length + w.budget
         ORDER BY v.word <-> w.folded
         LIMIT ${TYPO_CANDIDATES})
        UNION ALL
        (SELECT v.word FROM search_words v
         WHERE w.partial AND char_length(v.word) >= w.length - w.budget
         ORDER BY v.word <->> w.folded
         LIMIT ${TYPO_CANDIDATES})
      ) near
      WHERE levenshtein_less_equal(near.word, w.folded, w.budget + 1) <= w.budget + 1
        -- A word being typed against the beginnings of about its length.
        OR w.partial AND EXISTS (
          SELECT FROM generate_series(-w.budget, w.budget) AS k
          WHERE levenshtein_less_equal(left(near.word, w.length + k), w.folded, w.budget + 1)
                <= w.budget + 1)
    ) c ON true
    WHERE NOT EXISTS (
      SELECT FROM search_words v
      WHERE v.word >= w.folded AND v.word < w.folded || chr(1114111))`.execute(db);
  const byWord = new Map<string, Candidates>();
  for (const row of rows) {
    const entry = byWord.get(row.word) ?? { folded: row.folded, candidates: [] };
    byWord.set(row.word, entry);
    if (row.candidate !== null && row.found) {
      entry.candidates.push({ word: row.candidate, found: row.found });
    }
  }
  return byWord;
}
