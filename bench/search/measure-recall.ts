import type { Database } from '@coursepack/db/schema';
import type { Random } from '@coursepack/images/create-seeded-random';
import { type Kysely, sql } from 'kysely';
import MiniSearch from 'minisearch';
import { searchCatalog } from '../../apps/web/src/search/search-catalog';

/**
 * Recall next to an anchor (issue 14): queries generated from the corpus's own words, each
 * meant to find the document it was drawn from, asked of Coursepack (`searchCatalog`) and of
 * MiniSearch indexing the same searchable documents in memory with prefix and fuzzy (0.2)
 * matching on. A query counts as found when its document is in the first 10 results; the
 * mean reciprocal rank is over those 10 (0 when not there).
 */
export const QUERY_CLASSES = [
  'exact',
  'prefix',
  'one substitution',
  'one transposition',
  'accent-stripped',
  'two words',
] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

const TOP = 10;
/** A word this rare identifies its document: any engine that finds it ranks it in the top 10. */
const DISTINCTIVE = 3;
/** Each of the two words may be commoner: together they still point at few documents. */
const DISTINCTIVE_PAIR = 50;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const WORD = /\p{L}+/gu;

interface RecallDocument {
  id: number;
  title: string;
  description: string;
  text: string;
}

export interface RecallQuery {
  query: string;
  target: number;
}

export interface RecallRow {
  queryClass: QueryClass;
  queries: number;
  coursepack: { found: number; mrr: number };
  minisearch: { found: number; mrr: number };
  /** Queries Coursepack did not find in its top 10 (the first few), to see why. */
  missed: string[];
}

/** Every searchable document with all its text, as the search index sees it. */
export async function readSearchableDocuments(db: Kysely<Database>): Promise<RecallDocument[]> {
  const { rows } = await sql<RecallDocument>`
    SELECT d.id, d.title, d.description,
           (SELECT string_agg(p.body, ' ' ORDER BY p.page_number)
            FROM document_pages p WHERE p.document_id = d.id) AS text
    FROM document_search s JOIN documents d ON d.id = s.document_id
    ORDER BY d.id`.execute(db);
  return rows.map((row) => ({ ...row, text: row.text ?? '' }));
}

/** `perClass` queries of each class, drawn from the documents' own distinctive words. */
export function generateRecallQueries(
  documents: readonly RecallDocument[],
  perClass: number,
  random: Random,
): Record<QueryClass, RecallQuery[]> {
  const wordsOf = documents.map(
    (d) => new Set(`${d.title} ${d.description} ${d.text}`.toLowerCase().match(WORD) ?? []),
  );
  const frequency = new Map<string, number>();
  for (const words of wordsOf) {
    for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const folded = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');
  const known = new Set([...frequency.keys()].map(folded));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  /** A document's words that pass `accept`, or none; tries random documents until one has some. */
  const draw = (
    accept: (word: string) => boolean,
    count = 1,
  ): { target: number; words: string[] } => {
    for (;;) {
      const index = Math.floor(random() * documents.length);
      const candidates = [...(wordsOf[index] as Set<string>)].filter(accept);
      if (candidates.length < count) continue;
      const words: string[] = [];
      while (words.length < count) {
        const word = pick(candidates);
        if (!words.includes(word)) words.push(word);
      }
      return { target: (documents[index] as RecallDocument).id, words };
    }
  };
  const distinctive = (word: string, most = DISTINCTIVE) =>
    [...word].length >= 7 && (frequency.get(word) ?? 0) <= most && /^[a-z]+$/.test(word);
  /** A variant of the word that is no word of the corpus (else it is not a typo). */
  const typo = (word: string, change: (letters: string[]) => void): string => {
    for (;;) {
      const letters = [...word];
      change(letters);
      const typed = letters.join('');
      if (typed !== word && !known.has(typed)) return typed;
    }
  };
  const generate = (make: () => RecallQuery): RecallQuery[] =>
    Array.from({ length: perClass }, make);

  return {
    exact: generate(() => {
      const { target, words } = draw((w) => distinctive(w));
      return { query: words[0] as string, target };
    }),
    prefix: generate(() => {
      const { target, words } = draw((w) => distinctive(w));
      const word = words[0] as string;
      const cut = Math.max(4, Math.round(word.length * (0.5 + random() * 0.3)));
      return { query: word.slice(0, cut), target };
    }),
    'one substitution': generate(() => {
      const { target, words } = draw((w) => distinctive(w));
      const query = typo(words[0] as string, (letters) => {
        const at = 1 + Math.floor(random() * (letters.length - 1));
        letters[at] = pick([...LETTERS].filter((letter) => letter !== letters[at]));
      });
      return { query, target };
    }),
    'one transposition': generate(() => {
      const { target, words } = draw((w) => distinctive(w));
      const query = typo(words[0] as string, (letters) => {
        const at = 1 + Math.floor(random() * (letters.length - 2));
        [letters[at], letters[at + 1]] = [letters[at + 1] as string, letters[at] as string];
      });
      return { query, target };
    }),
    'accent-stripped': generate(() => {
      const { target, words } = draw(
        (w) => folded(w) !== w && [...w].length >= 4 && (frequency.get(w) ?? 0) <= DISTINCTIVE,
      );
      return { query: folded(words[0] as string), target };
    }),
    'two words': generate(() => {
      const { target, words } = draw((w) => distinctive(w, DISTINCTIVE_PAIR), 2);
      return { query: words.join(' '), target };
    }),
  };
}

/** Asks both engines every query; the table has one row per class. */
export async function measureRecall(
  db: Kysely<Database>,
  documents: readonly RecallDocument[],
  queries: Record<QueryClass, RecallQuery[]>,
): Promise<RecallRow[]> {
  const minisearch = new MiniSearch<RecallDocument>({
    fields: ['title', 'description', 'text'],
    searchOptions: { prefix: true, fuzzy: 0.2, boost: { title: 2 } },
  });
  minisearch.addAll([...documents]);

  const score = (ranked: readonly number[], target: number) => {
    const at = ranked.slice(0, TOP).indexOf(target);
    return at < 0 ? { found: 0, reciprocal: 0 } : { found: 1, reciprocal: 1 / (at + 1) };
  };
  const rows: RecallRow[] = [];
  for (const queryClass of QUERY_CLASSES) {
    const totals = { coursepack: { found: 0, mrr: 0 }, minisearch: { found: 0, mrr: 0 } };
    const list = queries[queryClass];
    const missed: string[] = [];
    for (const { query, target } of list) {
      const ours = (await searchCatalog(db, { query, page: 1 })).documents.map((d) => d.id);
      const theirs = minisearch.search(query).map((hit) => Number(hit.id));
      for (const [engine, ranked] of [
        ['coursepack', ours],
        ['minisearch', theirs],
      ] as const) {
        const { found, reciprocal } = score(ranked, target);
        totals[engine].found += found;
        totals[engine].mrr += reciprocal / list.length;
        if (engine === 'coursepack' && !found && missed.length < 3) missed.push(query);
      }
    }
    rows.push({ queryClass, queries: list.length, ...totals, missed });
  }
  return rows;
}
