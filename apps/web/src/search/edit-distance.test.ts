import { describe, expect, it } from 'vitest';
import { allowedTypos, editDistance, prefixEditDistance, sharedEnds } from './edit-distance';

describe('editDistance', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('eigenvlaues', 'eigenvalues')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
  });

  it('counts insertions, deletions and substitutions as one edit each', () => {
    expect(editDistance('entrpy', 'entropy')).toBe(1);
    expect(editDistance('entropyy', 'entropy')).toBe(1);
    expect(editDistance('entrapy', 'entropy')).toBe(1);
    expect(editDistance('thermodinamycs', 'thermodynamics')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('compares letters outside the basic plane as one letter each', () => {
    expect(editDistance('𝑥y', 'y𝑥')).toBe(1);
  });
});

describe('allowedTypos', () => {
  it('allows none below five letters, one from five and two from nine', () => {
    expect(allowedTypos('atom')).toBe(0);
    expect(allowedTypos('graph')).toBe(1);
    expect(allowedTypos('eigenval')).toBe(1);
    expect(allowedTypos('eigenvalu')).toBe(2);
    expect(allowedTypos('résumé')).toBe(1);
  });
});

describe('sharedEnds', () => {
  it('counts the letters two words share at both ends, each letter once', () => {
    expect(sharedEnds('eigenvalus', 'eigenvalues')).toBe(10);
    expect(sharedEnds('eigenvalus', 'eigenvalue')).toBe(9);
    expect(sharedEnds('aaa', 'aaaa')).toBe(3);
    expect(sharedEnds('abc', 'xyz')).toBe(0);
  });
});

describe('prefixEditDistance', () => {
  it('measures a word being typed against the closest beginning of a word', () => {
    expect(prefixEditDistance('algbr', 'algebra')).toBe(1);
    expect(prefixEditDistance('alge', 'algebra')).toBe(0);
    expect(prefixEditDistance('eigenvlau', 'eigenvalues')).toBe(1);
    expect(prefixEditDistance('zzz', 'algebra')).toBe(3);
  });
});
