import { createRandom, type Random } from '@coursepack/images/create-seeded-random';
import { demoCatalogue } from '../../scripts/seed/content/demo-catalogue';

/**
 * Generates realistic academic text: a word-bigram chain per subject, trained on the demo
 * catalogue's real course text (so word frequencies follow natural language and each subject
 * has its own vocabulary), plus a long tail of rare synthetic terms (names, jargon) that a
 * corpus of 100,000 documents has and 51 demo documents do not.
 */
export interface TextModel {
  subjects: readonly string[];
  /** `count` words of running text in a subject, sentences joined with full stops. */
  sentence(random: Random, subject: string, count: number): string;
  /** A topic of `count` phrases as they occur in the subject's text (for titles), capitalised. */
  phrase(random: Random, subject: string, count: number): string;
}

interface Chain {
  starts: string[];
  next: Map<string, string[]>;
  /** Runs of one to three consecutive content words as they occur in the text ("candidate key"). */
  phrases: string[];
}

const WORD = /[A-Za-z][A-Za-z'-]*[A-Za-z]|[A-Za-z]|\d+/g;
const STOPWORDS = new Set(
  'a an and are as at be by can for from has have if in is it its of on or so such that the their then there these this to was we were which with'.split(
    ' ',
  ),
);
/** Share of tokens drawn from the rare synthetic tail (names, jargon, codes). */
const RARE_SHARE = 0.03;
const RARE_TERMS = 40_000;

export function createTextModel(): TextModel {
  const chains = new Map<string, Chain>();
  for (const course of demoCatalogue.courses) {
    const chain: Chain = chains.get(course.subjectSlug) ?? {
      starts: [],
      next: new Map(),
      phrases: [],
    };
    chains.set(course.subjectSlug, chain);
    const texts = [
      course.description,
      ...course.documents.flatMap((d) => [d.title, d.description, ...d.pages]),
    ];
    for (const text of texts) {
      for (const sentence of text.split(/[.!?:\n]+/)) {
        const words = (sentence.match(WORD) ?? []).map((w) => w.toLowerCase());
        if (words.length < 3) continue;
        chain.starts.push(words[0] as string);
        let run: string[] = [];
        for (let i = 0; i < words.length; i++) {
          const word = words[i] as string;
          if (!STOPWORDS.has(word) && word.length > 3 && !/^\d/.test(word)) {
            run.push(word);
            if (run.length >= 2) chain.phrases.push(run.slice(-2).join(' '));
            if (run.length >= 3) chain.phrases.push(run.slice(-3).join(' '));
          } else {
            if (run.length === 1) chain.phrases.push(run[0] as string);
            run = [];
          }
          const following = words[i + 1];
          if (following === undefined) continue;
          const list = chain.next.get(word) ?? [];
          list.push(following);
          chain.next.set(word, list);
        }
      }
    }
  }
  const rareTerms = createRareTerms(RARE_TERMS);
  const pick = <T>(random: Random, list: readonly T[]): T =>
    list[Math.floor(random() * list.length)] as T;
  // Zipf-like: low indexes far more often, like real names and jargon.
  const pickRare = (random: Random) => rareTerms[Math.floor(RARE_TERMS * random() ** 3)] as string;

  const chainFor = (subject: string): Chain => {
    const chain = chains.get(subject);
    if (!chain) throw new Error(`no text for subject ${subject}`);
    return chain;
  };

  return {
    subjects: [...chains.keys()],
    sentence(random, subject, count) {
      const chain = chainFor(subject);
      const out: string[] = [];
      let word = pick(random, chain.starts);
      let sentenceLength = 0;
      while (out.length < count) {
        const token = random() < RARE_SHARE ? pickRare(random) : word;
        out.push(
          sentenceLength === 0 ? `${token.charAt(0).toUpperCase()}${token.slice(1)}` : token,
        );
        sentenceLength++;
        const followers = chain.next.get(word);
        if (!followers || sentenceLength > 28 || random() < 0.04) {
          out[out.length - 1] += '.';
          word = pick(random, chain.starts);
          sentenceLength = 0;
        } else {
          word = pick(random, followers);
        }
      }
      return out.join(' ');
    },
    phrase(random, subject, count) {
      const chain = chainFor(subject);
      const parts: string[] = [];
      while (parts.length < count) {
        const part = random() < 0.05 ? pickRare(random) : pick(random, chain.phrases);
        if (!parts.includes(part)) parts.push(part);
      }
      const text = parts.join(parts.length > 2 ? ', ' : ' and ');
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
    },
  };
}

function createRareTerms(count: number): string[] {
  const random = createRandom(7);
  const onsets = ['b', 'c', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z'];
  const onsetClusters = ['br', 'ch', 'cr', 'dr', 'fl', 'gr', 'kl', 'pr', 'sh', 'st', 'th', 'tr'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ae', 'ei', 'ou', 'y'];
  const codas = ['', '', 'n', 'r', 's', 'l', 'x', 'nd', 'rt', 'sk'];
  const terms = new Set<string>();
  while (terms.size < count) {
    const syllables = 2 + Math.floor(random() * 3);
    let term = '';
    for (let s = 0; s < syllables; s++) {
      const onset = random() < 0.25 ? onsetClusters : onsets;
      term += `${onset[Math.floor(random() * onset.length)]}${vowels[Math.floor(random() * vowels.length)]}`;
    }
    terms.add(term + (codas[Math.floor(random() * codas.length)] ?? ''));
  }
  // Names keep their accents (Poincaré, Schrödinger): one term in eight has one, so search
  // recall can be measured on accents typed or left out.
  return [...terms].map((term, index) =>
    index % 8 === 0
      ? term.replace(/[aeiou]/, (vowel) => ACCENTED[vowel as keyof typeof ACCENTED])
      : term,
  );
}

const ACCENTED = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü' };
