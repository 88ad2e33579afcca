import { describe, expect, it } from 'vitest';
import { csvFileName, toCsv } from './to-csv';

describe('toCsv', () => {
  it('writes a header and rows separated by CRLF', () => {
    expect(
      toCsv(
        ['Page', 'Readers'],
        [
          ['Intro', 3],
          ['Limits', 12],
        ],
      ),
    ).toBe('Page,Readers\r\nIntro,3\r\nLimits,12');
  });

  it('quotes fields with commas, quotes or line breaks and doubles inner quotes', () => {
    expect(toCsv(['a'], [['x, y'], ['say "hi"'], ['two\nlines'], ['cr\rhere']])).toBe(
      'a\r\n"x, y"\r\n"say ""hi"""\r\n"two\nlines"\r\n"cr\rhere"',
    );
  });

  it('neutralizes text a spreadsheet would run as a formula', () => {
    expect(toCsv(['a'], [['=HYPERLINK("x")'], ['+1'], ['-2+3'], ['@SUM(A1)'], ['\tx']])).toBe(
      `a\r\n"'=HYPERLINK(""x"")"\r\n'+1\r\n'-2+3\r\n'@SUM(A1)\r\n'\tx`,
    );
  });

  it('keeps numbers as numbers, negative ones included, and writes null as an empty field', () => {
    expect(toCsv(['n', 'm', 'o'], [[-5, null, 2.5]])).toBe('n,m,o\r\n-5,,2.5');
  });

  it('leaves a header alone unless it needs quoting', () => {
    expect(toCsv(['Active time (s)', 'Views, total'], [])).toBe('Active time (s),"Views, total"');
  });
});

describe('csvFileName', () => {
  it('names the file after the table and the range', () => {
    expect(csvFileName('Top documents', '2026-03-01', '2026-03-30')).toBe(
      'top-documents-2026-03-01-to-2026-03-30.csv',
    );
    expect(csvFileName('¿¿', '2026-03-01', '2026-03-30')).toBe(
      'table-2026-03-01-to-2026-03-30.csv',
    );
  });
});
