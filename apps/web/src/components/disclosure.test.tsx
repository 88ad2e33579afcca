import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Disclosure } from './disclosure';

function renderMenu() {
  render(
    <div>
      <p>Page text</p>
      <Disclosure summary="Account menu" summaryClassName="">
        <a href="#library">My library</a>
      </Disclosure>
    </div>,
  );
  const summary = screen.getByText('Account menu');
  const details = summary.closest('details') as HTMLDetailsElement;
  return { summary, details };
}

describe('Disclosure', () => {
  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const { summary, details } = renderMenu();
    await user.click(summary);
    expect(details.open).toBe(true);
    screen.getByRole('link', { name: 'My library' }).focus();
    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });

  it('closes on a click outside it, and on a link inside it', async () => {
    const user = userEvent.setup();
    const { summary, details } = renderMenu();
    await user.click(summary);
    await user.click(screen.getByText('Page text'));
    expect(details.open).toBe(false);
    await user.click(summary);
    await user.click(screen.getByRole('link', { name: 'My library' }));
    expect(details.open).toBe(false);
  });

  it('as a sheet, shows a backdrop that closes it, returns the focus and keeps the page still', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Disclosure summary="Filters" summaryClassName="" backdropClassName="backdrop">
        <a href="#maths">Mathematics</a>
      </Disclosure>,
    );
    const summary = screen.getByText('Filters');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(container.querySelector('.backdrop')).toBeNull();
    await user.click(summary);
    const backdrop = container.querySelector('.backdrop') as HTMLElement;
    expect(backdrop).not.toBeNull();
    expect(document.documentElement.style.overflow).toBe('hidden');
    await user.click(backdrop);
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);
    expect(container.querySelector('.backdrop')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
  });
});
