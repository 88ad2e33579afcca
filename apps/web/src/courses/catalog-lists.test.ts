import { describe, expect, it } from 'vitest';
import { CATALOG_LIST } from './catalog-lists';

const institution = CATALOG_LIST.institutions.name;
const subject = CATALOG_LIST.subjects.name;

/** The first problem with a name, or its cleaned form. */
function clean(rule: typeof institution, value: unknown): string {
  const result = rule.safeParse(value);
  return result.success ? result.data : `error: ${result.error.issues[0]?.message}`;
}

describe('institution and subject names', () => {
  it('trims them and makes every run of white space one space', () => {
    expect(clean(institution, ' UNIVERSITE  LAVAL ')).toBe('UNIVERSITE LAVAL');
    expect(clean(institution, 'Université\tde\r\nMontréal')).toBe('Université de Montréal');
    expect(clean(institution, '\u00a0King’s\u2003College\u3000London\u2028')).toBe(
      'King’s College London',
    );
  });

  it('keeps spelling, case and accents: the database folds them into its key', () => {
    expect(clean(institution, 'École Polytechnique Fédérale')).toBe('École Polytechnique Fédérale');
    expect(clean(subject, 'C++')).toBe('C++');
    expect(clean(institution, '東京大学')).toBe('東京大学');
  });

  it('bounds the length after cleaning, so spaces do not count against it', () => {
    expect(clean(institution, `  ${'a'.repeat(120)}  `)).toBe('a'.repeat(120));
    expect(clean(institution, 'a'.repeat(121))).toBe(
      'error: Institution must be at most 120 characters',
    );
    expect(clean(subject, 'a'.repeat(81))).toBe('error: Subject must be at most 80 characters');
  });

  it('refuses control characters, bidirectional overrides and names without a letter', () => {
    const control = 'error: Institution contains invisible control characters; type the name again';
    for (const hostile of [
      'a\u0000b',
      'bell\u0007',
      'del\u007f',
      'x\u202Ey',
      '\u2067z',
      'p\ue000',
    ]) {
      expect(clean(institution, hostile), JSON.stringify(hostile)).toBe(control);
    }
    expect(clean(institution, '---')).toBe('error: Institution must contain a letter or a digit');
    expect(clean(institution, '  \n ')).toBe('error: Choose an institution');
    expect(clean(institution, undefined)).toBe('error: Choose an institution');
    expect(clean(subject, ['Maths'])).toBe('error: Choose a subject');
  });
});
