import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

const tabs = [
  { key: 'pages', label: 'Pages', content: <p>Pages panel</p> },
  { key: 'sources', label: 'Sources', content: <p>Sources panel</p> },
  { key: 'devices', label: 'Devices', content: <p>Devices panel</p> },
];

/** The label of the selected tab and of the one panel shown. */
function shown(): [string | null, string | null] {
  const selected = screen.getByRole('tab', { selected: true });
  return [selected.textContent, screen.getByRole('tabpanel').textContent];
}

describe('Tabs', () => {
  it('shows the first panel, and another when its tab is clicked', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Breakdowns" tabs={tabs} />);
    expect(screen.getByRole('tablist', { name: 'Breakdowns' })).toBeTruthy();
    expect(shown()).toEqual(['Pages', 'Pages panel']);
    await user.click(screen.getByRole('tab', { name: 'Devices' }));
    expect(shown()).toEqual(['Devices', 'Devices panel']);
    expect(screen.getByRole('tabpanel', { name: 'Devices' })).toBeTruthy();
  });

  it('moves between tabs with the arrow keys (wrapping), Home and End, focus following', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Breakdowns" tabs={tabs} />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Pages');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toEqual(['Devices', 'Devices panel']);
    expect(document.activeElement?.textContent).toBe('Devices');
    await user.keyboard('{ArrowRight}');
    expect(shown()[0]).toBe('Pages');
    await user.keyboard('{End}');
    expect(shown()[0]).toBe('Devices');
    await user.keyboard('{Home}');
    expect(shown()[0]).toBe('Pages');
  });

  it('keeps only the selected tab in the tab order', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Tabs label="Breakdowns" tabs={tabs} />
        <button type="button">After</button>
      </>,
    );
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('After');
  });
});
