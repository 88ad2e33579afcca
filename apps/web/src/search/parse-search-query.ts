/** Longer queries are cut: nobody types more, and every extra word costs the index a lookup. */
export const MAX_QUERY_LENGTH = 200;
/** Words used for highlighting, spelling and prefixes; more add cost and no meaning. */
const MAX_WORDS = 12;

export interface SearchQuery {
  /** The query as searched and shown: printable, single-spaced, at most MAX_QUERY_LENGTH. */
  text: string;
  /**
   * Its words in lower case, letters and digits only, in order, without repeats. A hyphenated
   * word is one word, joined (`B-tree` → `btree`), as the index also holds it (migration 0009).
   */
  words: string[];
  /**
   * The word still being typed (the last one, when the text does not end in a space), for
   * prefix matching as you type; undefined when the last word is complete.
   */
  partialWord: string | undefined;
}

// C0/C1 controls, lone surrogates and non-characters cannot reach PostgreSQL (NUL is refused
// outright) and must not reach the snippet delimiters.
const UNPRINTABLE = /[\p{Cc}\p{Cs}\p{Co}\p{Cn}\u2028\u2029]/gu;
const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

/** Normalises untrusted search input; never throws, whatever the input. */
export function parseSearchQuery(raw: string): SearchQuery {
  const cleaned = raw.normalize('NFC').replace(UNPRINTABLE, ' ');
  let text = cleaned.replace(/\s+/g, ' ').trimStart();
  if (text.length > MAX_QUERY_LENGTH) {
    const cut = text.slice(0, MAX_QUERY_LENGTH);
    // Cut at a word boundary when there is one, so the last word is not a stray fragment.
    const space = cut.lastIndexOf(' ');
    text = space > MAX_QUERY_LENGTH / 2 ? cut.slice(0, space) : cut;
  }
  const endsInWord = text.length > 0 && !text.endsWith(' ');
  text = text.trimEnd();
  const all = (text.toLowerCase().match(WORD) ?? []).map((word) => word.replaceAll('-', ''));
  const words = [...new Set(all.slice(0, MAX_WORDS))];
  const lastWord = all.at(-1);
  const partialWord = endsInWord && lastWord && /[\p{L}\p{N}]$/u.test(text) ? lastWord : undefined;
  return { text, words, partialWord };
}
