import { render, screen } from '@testing-library/react';
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

function renderRange() {
  const onApply = vi.fn();
  render(<CustomRange path="/dashboard" query={QUERY} onApply={onApply} />);
  return {
    onApply,
    from: screen.getByRole('textbox', { name: 'From' }),
    to: screen.getByRole('textbox', { name: 'To' }),
  };
}

describe('CustomRange', () => {
  it('shows the range as the site writes days, and applies typed days as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const { onApply, from, to } = renderRange();
    expect(from).toHaveProperty('value', '27 Sept 2026');
    expect(to).toHaveProperty('value', '26 Oct 2026');
    await user.clear(from);
    await user.type(from, '1 Oct 2026');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ from: '2026-10-01', to: '2026-10-26' });
  });

  it('says which field holds no day, and keeps the range until it is corrected', async () => {
    const user = userEvent.setup();
    const { onApply, from, to } = renderRange();
    await user.clear(to);
    await user.type(to, '10/32/2026{Enter}');
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/To is not a day/);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(to);
    expect(from.getAttribute('aria-invalid')).toBeNull();
  });
});
