'use client';

import { useEffect, useState } from 'react';

/**
 * Closes the `<details>` sheet it sits in. It needs JavaScript, so it appears only once the page
 * has it; without, the sheet closes as a `<details>` does, from its own button.
 */
export function CloseSheetButton({ label, className }: { label: string; className: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={className}
      onClick={(event) => {
        const sheet = event.currentTarget.closest('details');
        if (!sheet) return;
        sheet.open = false;
        sheet.querySelector('summary')?.focus();
      }}
    >
      {label}
    </button>
  );
}
