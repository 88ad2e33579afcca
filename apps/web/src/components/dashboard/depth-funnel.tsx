import type { DepthFunnel } from '@coursepack/analytics/queries/get-overview-stats';
import { describeDepthFunnel } from '@/dashboard/describe-reading';
import { formatCount, formatShare } from '@/format/format-numbers';

/**
 * How far reads got: each depth level's share of the reads, with where in the document that is
 * when it is one document (`pageCount`), and a note saying what counts.
 */
export function DepthFunnelChart({
  funnel,
  pageCount,
}: {
  funnel: DepthFunnel;
  /** The document's pages on its own dashboard; null for several documents. */
  pageCount: number | null;
}) {
  if (funnel.reads === 0) {
    return (
      <p className="py-8 text-center text-sm text-slate-500">No documents read in this period</p>
    );
  }
  const { steps, note } = describeDepthFunnel(funnel, pageCount);
  return (
    <div>
      <ol className="flex flex-col gap-3">
        {steps.map((step) => (
          <li
            key={step.label}
            className="grid grid-cols-[7.5rem_1fr_auto] items-center gap-3 text-sm"
          >
            <span className="flex flex-col leading-tight">
              <span className="text-slate-700">{step.label}</span>
              {step.detail ? <span className="text-xs text-slate-500">{step.detail}</span> : null}
            </span>
            <span aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-slate-100">
              <span
                className="block h-full rounded-full bg-brand-600"
                style={{ width: `${(step.count / funnel.reads) * 100}%` }}
              />
            </span>
            <span className="w-24 text-right tabular-nums">
              <span className="font-medium text-ink">{formatShare(step.count, funnel.reads)}</span>{' '}
              <span className="text-slate-500">({formatCount(step.count)})</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="mt-4 text-xs leading-relaxed text-slate-600">{note}</p>
    </div>
  );
}
