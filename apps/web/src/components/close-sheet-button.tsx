'use client';

import { useHydrated } from './use-hydrated';

/**
 * Closes the `<details>` sheet it sits in: a full-width button in a bar (`className` places the
 * bar). It needs JavaScript, so it appears only once the page has it; without, the sheet closes
 * as a `<details>` does, from its own button.
 */
export function CloseSheetButton({ label, className }: { label: string; className: string }) {
  if (!useHydrated()) return null;
  return (
    <div className={className}>
      <button
        type="button"
        className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700"
        onClick={(event) => {
          const sheet = event.currentTarget.closest('details');
          if (!sheet) return;
          sheet.open = false;
          sheet.querySelector('summary')?.focus();
        }}
      >
        {label}
      </button>
    </div>
  );
}
