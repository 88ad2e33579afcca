import { type PagePoint, summarizeAttention } from '@/dashboard/complete-series';
import { describeReadingEnds } from '@/dashboard/describe-reading';
import { formatCount, formatDuration } from '@/format/format-numbers';
import { ColumnChart } from './column-chart';
import { SortableTable } from './sortable-table';

/**
 * The document's pages left to right: active reading time while each page was in view, and
 * under it how many readers left from there (their last page). Sentences say what to look at,
 * and why the readers who reached the end (`finished`, from the depth funnel) are not all on
 * the last page; the full table is one click away (and is the chart's text alternative).
 */
export function PageAttentionChart({
  pages,
  finished,
  range,
}: {
  pages: PagePoint[];
  /** Readers whose furthest depth reached the end (the depth funnel's last step). */
  finished: number;
  range: { from: string; to: string };
}) {
  const summary = summarizeAttention(pages);
  const { lastPage, ends } = describeReadingEnds(pages, finished);
  const labelEvery = pages.length <= 20 ? 1 : pages.length <= 60 ? 5 : 10;
  const xLabels = pages
    .filter((page) => page.page === 1 || page.page % labelEvery === 0)
    .map((page) => ({ index: page.page - 1, label: String(page.page) }));
  return (
    <div>
      {summary.mostRead ? (
        <div className="mb-4 flex max-w-3xl flex-col gap-1 text-sm leading-relaxed text-slate-700">
          <p>
            Readers spend the most time on{' '}
            <strong className="font-semibold text-ink">page {summary.mostRead.page}</strong> (
            {formatDuration(summary.mostRead.activeSeconds)}).{lastPage ? ` ${lastPage}` : null}
          </p>
          {ends ? <p>{ends}</p> : null}
        </div>
      ) : (
        <p className="py-8 text-center text-sm text-slate-500">
          No reading time on any page in this period
        </p>
      )}
      {summary.mostRead ? (
        <div className="-mx-4 overflow-x-auto px-4 sm:-mx-5 sm:px-5">
          <div style={{ minWidth: `${Math.max(18, pages.length * 0.5)}rem` }}>
            <Legend />
            <ColumnChart
              columns={pages.map((page) => ({
                key: String(page.page),
                value: page.activeSeconds,
                tooltip: `Page ${page.page}: ${formatDuration(page.activeSeconds)} reading`,
              }))}
              scale="duration"
              format={formatDuration}
              xLabels={[]}
            />
            <ColumnChart
              columns={pages.map((page) => ({
                key: String(page.page),
                value: page.stops,
                tooltip: `Page ${page.page}: ${formatCount(page.stops)} left from here`,
              }))}
              scale="count"
              format={formatCount}
              xLabels={xLabels}
              heightClass="h-20"
              colorClass="bg-amber-500"
            />
            <p className="ml-14 text-center text-[11px] text-slate-500">Page</p>
          </div>
        </div>
      ) : null}
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 hover:underline">
          Every page as a table
        </summary>
        <div className="mt-3">
          <SortableTable
            title="Attention by page"
            range={range}
            columns={[
              { key: 'page', label: 'Page', format: 'count' },
              { key: 'active', label: 'Reading time', format: 'duration' },
              { key: 'stops', label: 'Left from here', format: 'count' },
            ]}
            rows={pages.map((page) => ({
              key: String(page.page),
              cells: {
                page: page.page,
                active: page.activeSeconds,
                stops: page.stops,
              },
            }))}
          />
        </div>
      </details>
    </div>
  );
}

function Legend() {
  return (
    <ul aria-hidden="true" className="mb-3 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600">
      <li className="flex items-center gap-1.5">
        <span className="h-2.5 w-2.5 rounded-sm bg-brand-600" />
        Reading time while the page was in view
      </li>
      <li className="flex items-center gap-1.5">
        <span className="h-2.5 w-2.5 rounded-sm bg-amber-500" />
        Readers who left from the page
      </li>
    </ul>
  );
}
