import type { OverviewStats } from '@coursepack/analytics/queries/get-overview-stats';
import { describeChange } from '@/dashboard/describe-change';
import { formatCount, formatDepth, formatDuration, pluralize } from '@/format/format-numbers';
import { ChangeBadge } from './change-badge';

/**
 * The four headline figures, each with its change since the previous period when comparing and
 * the previous figure itself, so a badge can be checked against what it compares.
 */
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
  const counts = { format: formatCount };
  const perVisitor = overview.sessions > 0 ? overview.activeSeconds / overview.sessions : 0;
  const cards = [
    {
      label: 'Visitors',
      value: formatCount(overview.sessions),
      // Counted by the tracker's visitor id, which a browser keeps for 399 days.
      hint: 'Different browsers: one person on two devices counts twice',
      change: describeChange(overview.sessions, previous?.sessions, period, counts),
    },
    {
      label: 'Views',
      value: formatCount(overview.views),
      hint: 'Pages and documents opened',
      change: describeChange(overview.views, previous?.views, period, counts),
    },
    {
      label: 'Reading time',
      value: formatDuration(overview.activeSeconds),
      hint: `${formatDuration(perVisitor)} per visitor, page in view`,
      change: describeChange(overview.activeSeconds, previous?.activeSeconds, period, {
        format: formatDuration,
      }),
    },
    {
      label: 'Average depth',
      value: formatDepth(overview.averageDepth),
      hint: `Furthest point seen, over ${pluralize(overview.reads, 'document read')}`,
      change: describeChange(overview.averageDepth, previous?.averageDepth, period, {
        unit: 'points',
        format: formatDepth,
      }),
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
          {card.change?.previous ? (
            <dd className="text-xs text-slate-600">
              {card.change.previous} in the {period}
            </dd>
          ) : null}
          <dd className="mt-auto pt-1 text-xs text-slate-500">{card.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
