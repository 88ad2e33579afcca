'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A `<details>` that opens a menu or a sheet: it works without JavaScript, and with it closes
 * as a menu should — on navigation, on a click outside it or on a link inside it, and on Escape,
 * which returns focus to the button that opened it. A sheet also gets a backdrop
 * (`backdropClassName`) that closes it when tapped, and the page behind it stops scrolling
 * while the backdrop shows (a sheet that is a plain column on wide screens hides it there).
 */
export function Disclosure({
  summary,
  summaryClassName,
  className = '',
  backdropClassName,
  children,
}: {
  summary: ReactNode;
  summaryClassName: string;
  className?: string;
  backdropClassName?: string;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const searchParams = useSearchParams();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a new URL
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [pathname, searchParams]);

  useEffect(() => {
    if (!open) return;
    const element = details.current;
    function onPointerDown(event: PointerEvent) {
      if (element && !element.contains(event.target as Node)) element.open = false;
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || !element) return;
      element.open = false;
      element.querySelector('summary')?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  // Only while the backdrop shows: on wide screens the same sheet is a column of the page.
  useEffect(() => {
    if (!open || !backdrop.current || getComputedStyle(backdrop.current).display === 'none') return;
    const page = document.documentElement;
    const before = page.style.overflow;
    page.style.overflow = 'hidden';
    return () => {
      page.style.overflow = before;
    };
  }, [open]);

  function close() {
    if (!details.current) return;
    details.current.open = false;
    details.current.querySelector('summary')?.focus();
  }

  function closeOnLink(event: MouseEvent<HTMLDetailsElement>) {
    if ((event.target as Element).closest('a') && details.current) details.current.open = false;
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: keys reach the links themselves; this only closes the menu behind them
    <details
      ref={details}
      className={`group ${className}`.trim()}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onClick={closeOnLink}
    >
      <summary
        className={`cursor-pointer list-none [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {summary}
      </summary>
      {/* Rendered once JavaScript runs (`open` follows the toggle event): without it, a backdrop
          that cannot close the sheet would cover the button that can. */}
      {backdropClassName && open ? (
        <div ref={backdrop} aria-hidden="true" className={backdropClassName} onClick={close} />
      ) : null}
      {children}
    </details>
  );
}
