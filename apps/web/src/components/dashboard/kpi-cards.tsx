import type { OverviewStats } from '@coursepack/analytics/queries/get-overview-stats';
import { describeChange } from '@/dashboard/describe-change';
import { formatCount, formatDepth, formatDuration } from '@/format/format-numbers';
import { ChangeBadge } from './change-badge';

/** The four headline figures, each with its change since the previous period when comparing. */
export function KpiCards({
  overview,
  previous,
  period,
}: {
  overview: OverviewStats;
  previous: OverviewStats | null;
  /** `previous 30 days`. */
  period: string;
}) {
  const perVisitor = overview.sessions > 0 ? overview.activeSeconds / overview.sessions : 0;
  const cards = [
    {
      label: 'Visitors',
      value: formatCount(overview.sessions),
      hint: 'Distinct sessions',
      change: describeChange(overview.sessions, previous?.sessions, period),
    },
    {
      label: 'Views',
      value: formatCount(overview.views),
      hint: 'Pages and documents opened',
      change: describeChange(overview.views, previous?.views, period),
    },
    {
      label: 'Reading time',
      value: formatDuration(overview.activeSeconds),
      hint: `${formatDuration(perVisitor)} per visitor, page in view`,
      change: describeChange(overview.activeSeconds, previous?.activeSeconds, period),
    },
    {
      label: 'Average depth',
      value: formatDepth(overview.averageDepth),
      hint: `Furthest scroll, over ${formatCount(overview.reads)} ${overview.reads === 1 ? 'read' : 'reads'}`,
      change: describeChange(overview.averageDepth, previous?.averageDepth, period, 'points'),
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {cards.map((card) => (
        <div
          key={card.label}
          className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-2xl font-semibold tabular-nums tracking-tight text-ink sm:text-3xl">
              {card.value}
            </span>
            {card.change ? <ChangeBadge change={card.change} /> : null}
          </dd>
          <dd className="mt-auto pt-1 text-xs text-slate-500">{card.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
