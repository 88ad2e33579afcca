/**
 * Typo budget by word length, Meilisearch's defaults (docs/search.md): none below 5 letters,
 * where one edit turns most words into other words; one from 5; two from 9.
 */
export function allowedTypos(word: string): number {
  const length = [...word].length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * Damerau-Levenshtein distance in its optimal-string-alignment form: insertions, deletions,
 * substitutions and swaps of two neighbouring letters each count one, so `eigenvlaues` is one
 * typo from `eigenvalues` (plain Levenshtein says two). Compares code points, not UTF-16 units.
 */
export function editDistance(from: string, to: string): number {
  const a = [...from];
  const b = [...to];
  // Three rows of the table are enough: a swap looks two rows back.
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (twoBack[j - 2] as number) + 1);
      }
      current.push(best);
    }
    twoBack = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * How many letters two words share at their start and their end (not counting one letter
 * twice). Among corrections equally close and equally common, the one keeping more of the
 * typed word's ends is the likelier: `eigenvalus` lost an `e` from *eigenvalues* rather than
 * mistyped the `e` of *eigenvalue*, as its final `s` shows.
 */
export function sharedEnds(from: string, to: string): number {
  const a = [...from];
  const b = [...to];
  const shorter = Math.min(a.length, b.length);
  let start = 0;
  while (start < shorter && a[start] === b[start]) start++;
  let end = 0;
  while (end < shorter - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return start + end;
}

/**
 * The edit distance from a word being typed to the closest beginning of `to`: how far
 * `algbr` is from becoming *algebra* (one typo, from *algebr*).
 */
export function prefixEditDistance(typed: string, to: string): number {
  const length = [...typed].length;
  const letters = [...to];
  let best = Number.POSITIVE_INFINITY;
  for (let end = Math.max(0, length - 2); end <= Math.min(letters.length, length + 2); end++) {
    best = Math.min(best, editDistance(typed, letters.slice(0, end).join('')));
  }
  return best;
}
