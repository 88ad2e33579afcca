import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardQuery } from '@/dashboard/dashboard-query';
import { CustomRange } from './custom-range';

const QUERY: DashboardQuery = {
  days: 30,
  from: '2026-09-27',
  to: '2026-10-26',
  compare: true,
  includeBots: false,
};
const BOUNDS = { min: '2000-01-01', max: '2026-10-26' };

function renderRange() {
  const onApply = vi.fn();
  render(<CustomRange path="/dashboard" query={QUERY} bounds={BOUNDS} onApply={onApply} />);
  return {
    onApply,
    from: screen.getByLabelText('From') as HTMLInputElement,
    to: screen.getByLabelText('To') as HTMLInputElement,
  };
}

describe('CustomRange', () => {
  it('picks days with date inputs bounded by the days there can be figures for', async () => {
    const user = userEvent.setup();
    const { onApply, from, to } = renderRange();
    for (const input of [from, to]) {
      expect(input.type).toBe('date');
      expect(input.min).toBe('2000-01-01');
      expect(input.max).toBe('2026-10-26');
    }
    expect(from.value).toBe('2026-09-27');
    expect(to.value).toBe('2026-10-26');
    fireEvent.change(from, { target: { value: '2026-10-01' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ from: '2026-10-01', to: '2026-10-26' });
  });

  it('says in words what is wrong with the range, next to the field, and keeps it until corrected', async () => {
    const user = userEvent.setup();
    const { onApply, from, to } = renderRange();
    fireEvent.change(from, { target: { value: '2026-10-20' } });
    fireEvent.change(to, { target: { value: '2026-10-02' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('From must be on or before To.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(from);

    fireEvent.change(from, { target: { value: '2026-10-01' } });
    fireEvent.change(to, { target: { value: '2027-01-05' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Choose a day for To between 1 Jan 2000 and 26 Oct 2026.',
    );
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(to, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a day for To.');
    expect(onApply).not.toHaveBeenCalled();
  });
});
