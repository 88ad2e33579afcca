import { DEPTH_LEVELS, type DepthFunnel } from '@coursepack/analytics/queries/get-overview-stats';
import { formatCount, formatShare } from '@/format/format-numbers';

/** How far readers scrolled: each level's share of everyone who opened a document. */
export function DepthFunnelChart({ funnel }: { funnel: DepthFunnel }) {
  if (funnel.reads === 0) {
    return (
      <p className="py-8 text-center text-sm text-slate-500">No documents read in this period</p>
    );
  }
  const steps = [
    { label: 'Opened', count: funnel.reads },
    ...DEPTH_LEVELS.map((level) => ({
      label: level === 100 ? 'Finished' : `Read ${level}%`,
      count: funnel.reached[level],
    })),
  ];
  return (
    <ol className="flex flex-col gap-3">
      {steps.map((step) => (
        <li
          key={step.label}
          className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-3 text-sm"
        >
          <span className="text-slate-700">{step.label}</span>
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
  );
}
