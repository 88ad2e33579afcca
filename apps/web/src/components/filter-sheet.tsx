import type { ReactNode } from 'react';
import { CloseSheetButton } from './close-sheet-button';
import { Disclosure } from './disclosure';

/**
 * Filters beside the results on wide screens; on phones a "Filters" button above the results
 * that opens them in a sheet from the bottom of the screen over a backdrop (a `<details>`: works
 * without JS).
 */
export function FilterSheet({ active, children }: { active: number; children: ReactNode }) {
  return (
    <Disclosure
      className="md:[&::details-content]:[content-visibility:visible]"
      backdropClassName="fixed inset-0 z-30 bg-slate-900/40 md:hidden"
      summaryClassName="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:border-brand-600 md:hidden"
      summary={
        <>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 stroke-current">
            <path d="M3 5h14M6 10h8M8.5 15h3" strokeWidth="2" strokeLinecap="round" />
          </svg>
          Filters{active > 0 ? ` (${active})` : ''}
        </>
      }
    >
      <div className="fixed inset-x-0 bottom-0 z-40 max-h-[75vh] overflow-y-auto rounded-t-2xl border-t border-slate-200 bg-white p-5 shadow-2xl md:static md:max-h-none md:overflow-visible md:rounded-none md:border-0 md:bg-transparent md:p-0 md:shadow-none">
        {children}
        <CloseSheetButton
          label="Show results"
          className="sticky -bottom-5 -mx-5 -mb-5 mt-5 border-t border-slate-200 bg-white p-5 md:hidden"
        />
      </div>
    </Disclosure>
  );
}
