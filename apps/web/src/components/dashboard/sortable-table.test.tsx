import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TableRow } from '@/dashboard/sort-table-rows';
import { SortableTable, type TableColumn } from './sortable-table';

const columns: TableColumn[] = [
  { key: 'page', label: 'Page', format: 'text' },
  { key: 'views', label: 'Views', format: 'count' },
  { key: 'time', label: 'Reading time', format: 'duration' },
];

const rows: TableRow[] = [
  { key: 'a', cells: { page: 'Page 2', views: 40, time: 65 } },
  { key: 'b', cells: { page: 'Page 10', views: 1200, time: null }, href: '/documents/10' },
  { key: 'c', cells: { page: 'Page 1', views: 7, time: 3600 } },
];

const range = { from: '2026-03-01', to: '2026-03-07' };

/** The first cell of each body row, top to bottom. */
function order(): string[] {
  return screen.getAllByRole('rowheader').map((cell) => cell.textContent ?? '');
}

function header(name: string): HTMLElement {
  return screen.getByRole('columnheader', { name });
}

describe('SortableTable', () => {
  it('starts sorted by the bar column, largest first, figures formatted', () => {
    render(
      <SortableTable title="Pages" columns={columns} rows={rows} range={range} barColumn="views" />,
    );
    expect(order()).toEqual(['Page 10', 'Page 2', 'Page 1']);
    expect(header('Views').getAttribute('aria-sort')).toBe('descending');
    const top = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(top).getByRole('link', { name: 'Page 10' }).getAttribute('href')).toBe(
      '/documents/10',
    );
    expect(within(top).getByText('1,200')).toBeTruthy();
    expect(within(top).getByText('–')).toBeTruthy();
  });

  it('sorts text A to Z in natural order first, and reverses on a second click', async () => {
    const user = userEvent.setup();
    render(<SortableTable title="Pages" columns={columns} rows={rows} range={range} />);
    expect(order()).toEqual(['Page 2', 'Page 10', 'Page 1']);
    await user.click(screen.getByRole('button', { name: 'Page' }));
    expect(order()).toEqual(['Page 1', 'Page 2', 'Page 10']);
    expect(header('Page').getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: 'Page' }));
    expect(order()).toEqual(['Page 10', 'Page 2', 'Page 1']);
    expect(header('Page').getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts from the keyboard, figures largest first, missing values last', async () => {
    const user = userEvent.setup();
    render(<SortableTable title="Pages" columns={columns} rows={rows} range={range} />);
    // First the figure select that phones show, then the column headers.
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Reading time');
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Page 1', 'Page 2', 'Page 10']);
    expect(header('Views').getAttribute('aria-sort')).toBeNull();
    await user.keyboard(' ');
    expect(order()).toEqual(['Page 2', 'Page 1', 'Page 10']);
  });

  it('shows phones the name and the one figure chosen, sorted by it', async () => {
    const user = userEvent.setup();
    render(<SortableTable title="Pages" columns={columns} rows={rows} range={range} />);
    const hiddenOnPhones = () =>
      ['Page', 'Views', 'Reading time'].filter((name) =>
        header(name).className.includes('hidden sm:table-cell'),
      );
    expect(hiddenOnPhones()).toEqual(['Reading time']);
    await user.selectOptions(screen.getByLabelText('Figure'), 'time');
    expect(hiddenOnPhones()).toEqual(['Views']);
    expect(header('Reading time').getAttribute('aria-sort')).toBe('descending');
    expect(order()).toEqual(['Page 1', 'Page 2', 'Page 10']);
  });

  it('says there were no visits instead of an empty table, and offers no CSV', () => {
    render(<SortableTable title="Pages" columns={columns} rows={[]} range={range} />);
    expect(screen.getByText('No visits in this period')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
