import type { DailyActivity } from '@coursepack/analytics/queries/list-daily-activity';
import { csvFileName } from '@/dashboard/to-csv';
import { formatDay } from '@/format/format-dates';
import { formatCount, formatDuration } from '@/format/format-numbers';
import { ColumnChart } from './column-chart';
import { CsvButton } from './csv-button';
import { Tabs } from './tabs';

const METRICS = [
  { key: 'sessions', label: 'Visitors', scale: 'count', format: formatCount },
  { key: 'views', label: 'Views', scale: 'count', format: formatCount },
  { key: 'activeSeconds', label: 'Reading time', scale: 'duration', format: formatDuration },
] as const;

/** Visitors, views and active reading time per day, one at a time, with a table for screen readers. */
export function DailyActivityChart({
  daily,
  range,
}: {
  daily: DailyActivity[];
  range: { from: string; to: string };
}) {
  const total = daily.reduce((sum, day) => sum + day.sessions + day.views, 0);
  if (total === 0) {
    return <p className="py-16 text-center text-sm text-slate-500">No visits in this period</p>;
  }
  const busiest = daily.reduce((best, day) => (day.sessions > best.sessions ? day : best));
  const xLabels = pickLabels(daily.length).map((index) => ({
    index,
    label: formatDay(daily[index]?.day ?? ''),
  }));
  return (
    <div>
      <p className="sr-only">
        {`Busiest day: ${formatDay(busiest.day, true)} with ${formatCount(busiest.sessions)} visitors. Every day is in the table below.`}
      </p>
      <Tabs
        label="Daily metric"
        tabs={METRICS.map((metric) => ({
          key: metric.key,
          label: metric.label,
          content: (
            <ColumnChart
              columns={daily.map((day) => ({
                key: day.day,
                value: day[metric.key],
                tooltip: `${formatDay(day.day)}: ${formatCount(day.sessions)} visitors, ${formatCount(day.views)} views, ${formatDuration(day.activeSeconds)} reading`,
              }))}
              scale={metric.scale}
              format={metric.format}
              xLabels={xLabels}
            />
          ),
        }))}
      />
      <table className="sr-only">
        <caption>Daily activity</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Visitors</th>
            <th scope="col">Views</th>
            <th scope="col">Reading time</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day, true)}</th>
              <td>{formatCount(day.sessions)}</td>
              <td>{formatCount(day.views)}</td>
              <td>{formatDuration(day.activeSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex justify-end">
        <CsvButton
          fileName={csvFileName('Daily activity', range.from, range.to)}
          header={['Day', 'Visitors', 'Views', 'Reading time (seconds)']}
          rows={daily.map((day) => [
            day.day,
            day.sessions,
            day.views,
            Math.round(day.activeSeconds),
          ])}
        />
      </div>
    </div>
  );
}

/** First, last and up to three evenly spaced days between: enough to read the axis. */
function pickLabels(count: number): number[] {
  if (count <= 1) return [0];
  const steps = Math.min(4, count - 1);
  return Array.from(
    new Set(
      Array.from({ length: steps + 1 }, (_, step) => Math.round((step * (count - 1)) / steps)),
    ),
  );
}
