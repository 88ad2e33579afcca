import { describe, expect, it } from 'vitest';
import { sortTableRows, type TableRow } from './sort-table-rows';

const row = (key: string, cells: TableRow['cells']): TableRow => ({ key, cells });
const keys = (rows: TableRow[]) => rows.map((sorted) => sorted.key);

describe('sortTableRows', () => {
  const rows = [
    row('a', { name: 'Page 10', views: 3 }),
    row('b', { name: 'Page 2', views: null }),
    row('c', { name: 'page 1', views: 3 }),
    row('d', { name: null, views: 7 }),
  ];

  it('sorts numbers by value and keeps ties in their original order', () => {
    expect(keys(sortTableRows(rows, 'views', 'descending'))).toEqual(['d', 'a', 'c', 'b']);
    expect(keys(sortTableRows(rows, 'views', 'ascending'))).toEqual(['a', 'c', 'd', 'b']);
  });

  it('sorts text in natural order, ignoring case', () => {
    expect(keys(sortTableRows(rows, 'name', 'ascending'))).toEqual(['c', 'b', 'a', 'd']);
  });

  it('puts missing values last whichever the direction', () => {
    expect(keys(sortTableRows(rows, 'name', 'descending')).at(-1)).toBe('d');
    expect(keys(sortTableRows(rows, 'views', 'ascending')).at(-1)).toBe('b');
  });
});
