import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords, translations } from '@zxcvbn-ts/language-en';
import { FIELD_PROBLEMS } from './account-rules';

/**
 * zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable: moderate protection from
 * an offline slow-hash scenario" (about 10^8 guesses and more), which is what a stolen bcrypt or
 * scrypt table is. Lower scores are the common passwords, keyboard walks, dates and names.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * zxcvbn's score, 0 (guessed at once) to 4 (very hard to guess), and for a password that is not
 * acceptable, what is wrong and what to do, in sentences.
 */
export type PasswordRating =
  | { score: number; acceptable: true }
  | { score: number; acceptable: false; advice: string };

/**
 * Characters rated: the estimate's work grows fast with length (a 128-character keyboard walk
 * took seconds), and what lies past the first 64 only adds to a password's strength.
 */
const RATED_LENGTH = 64;

// Building the estimator reads the dictionaries (about 0.2 s): once per process or page.
let estimator: ZxcvbnFactory | undefined;

function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonWords, ...englishWords },
    graphs: adjacencyGraphs,
    translations,
    maxLength: RATED_LENGTH,
    // Fewer l33t variants tried per password (100 by default): "p@ssw0rd" is still found, and
    // the worst case costs a fraction.
    l33tMaxSubstitutions: 10,
  });
  return estimator;
}

/** The words of someone's name and address that their password should not be built from. */
export function personalWords(...values: (string | undefined)[]): string[] {
  return values.flatMap((value) =>
    value ? [value, ...value.split(/[\s@.+_-]+/).filter((word) => word.length > 2)] : [],
  );
}

/**
 * How hard `password` is to guess, on this machine alone (no list is looked up anywhere), with
 * `userInputs` (the member's name and address, the site's name) counted as known words.
 */
export function ratePassword(password: string, userInputs: string[]): PasswordRating {
  const { score, feedback } = getEstimator().check(password, [...userInputs, 'coursepack']);
  if (score >= MIN_PASSWORD_SCORE) return { score, acceptable: true };
  const advice = [FIELD_PROBLEMS.PASSWORD_TOO_WEAK, feedback.warning, ...feedback.suggestions]
    .filter(Boolean)
    .join(' ');
  return { score, acceptable: false, advice };
}
