import type { RealtimeSessions } from '@coursepack/analytics/queries/get-realtime-sessions';
import type { BreakdownRow } from '@coursepack/analytics/queries/list-breakdown';
import { isoDay } from '@coursepack/analytics/time';
import Link from 'next/link';
import { type ReactNode, Suspense } from 'react';
import { EARLIEST_STATS_DATE } from '@/analytics/parse-stats-range';
import { coursePath, documentPath } from '@/catalog/refs';
import {
  type DashboardRequest,
  dashboardCoursePath,
  dashboardDocumentPath,
  dashboardHref,
} from '@/dashboard/dashboard-query';
import { describeAction } from '@/dashboard/describe-action';
import { describePreviousPeriod } from '@/dashboard/describe-change';
import type { DashboardData } from '@/dashboard/load-dashboard';
import type { DashboardView as View } from '@/dashboard/resolve-dashboard-access';
import { formatDayRange } from '@/format/format-dates';
import { DailyActivityChart } from './daily-activity-chart';
import { DashboardCard } from './dashboard-card';
import { DashboardControls } from './dashboard-controls';
import { DepthFunnelChart } from './depth-funnel';
import { KpiCards } from './kpi-cards';
import { PageAttentionChart } from './page-attention-chart';
import { RealtimePanel, RealtimePanelPlaceholder, type RealtimeQuery } from './realtime-panel';
import { RollupsFreshness } from './rollups-freshness';
import { SortableTable, type TableColumn } from './sortable-table';
import { Tabs } from './tabs';

const BREAKDOWN_COLUMNS = (label: string): TableColumn[] => [
  { key: 'value', label, format: 'text' },
  { key: 'sessions', label: 'Visitors', format: 'count' },
  { key: 'views', label: 'Views', format: 'count' },
];

/** One dashboard: the overview, a course's or a document's, laid out from what was loaded. */
export function DashboardView({
  view,
  data,
  realtime,
  request,
  path,
}: {
  view: View;
  data: DashboardData;
  /** Streamed in when ready; null when it could not be read. */
  realtime: Promise<RealtimeSessions | null>;
  request: DashboardRequest;
  /** This page's path, for the controls' links. */
  path: string;
}) {
  const { query } = request;
  const days = { from: query.from, to: query.to };
  const period = request.previous ? describePreviousPeriod(request.previous) : '';
  const keep = (target: string) => dashboardHref(target, query);

  const breakdown = (title: string, label: string, rows: BreakdownRow[], none: string) => (
    <SortableTable
      title={title}
      range={days}
      barColumn="sessions"
      columns={BREAKDOWN_COLUMNS(label)}
      rows={rows.map((row) => ({
        key: row.value ?? '',
        cells: { value: row.value ?? none, sessions: row.sessions, views: row.views },
      }))}
    />
  );

  return (
    <div className="flex flex-col gap-5">
      <DashboardHeader
        view={view}
        keep={keep}
        freshness={
          <RollupsFreshness
            processedUntil={data.freshness.processedUntil?.toISOString() ?? null}
            renderedAt={new Date().toISOString()}
          />
        }
      />
      <DashboardControls
        path={path}
        query={query}
        bounds={{ min: isoDay(EARLIEST_STATS_DATE), max: isoDay(new Date()) }}
      />
      {request.problem ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {request.problem}
        </p>
      ) : null}
      <p className="-mb-2 text-sm text-slate-600">
        <span className="font-medium text-ink">{formatDayRange(query.from, query.to)}</span>
        {request.previous ? <> · compared with the {period}</> : null}
        {query.includeBots ? ' · bots included' : ' · bots excluded'}
      </p>

      <KpiCards overview={data.overview} previous={data.previousOverview} period={period} />

      {data.pages ? (
        <DashboardCard
          id="attention"
          title="Page-by-page attention"
          description="Where readers spend their time, and the page they were on when they left."
        >
          <PageAttentionChart
            pages={data.pages}
            finished={data.overview.reached[100]}
            range={days}
          />
        </DashboardCard>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-3">
        <DashboardCard id="daily" title="Daily activity" className="lg:col-span-2">
          <DailyActivityChart daily={data.daily} range={days} />
        </DashboardCard>
        <DashboardCard id="realtime" title="Right now" description="Refreshes every 10 seconds.">
          {/* Keyed by what it asks for, so counting bots starts from the server's new figures. */}
          <Suspense fallback={<RealtimePanelPlaceholder />}>
            <RealtimePanel
              key={JSON.stringify(realtimeQuery(view, query.includeBots))}
              initial={realtime}
              query={realtimeQuery(view, query.includeBots)}
              showDocuments={view.kind !== 'document'}
            />
          </Suspense>
        </DashboardCard>
      </div>

      {data.topDocuments ? (
        <DashboardCard
          id="top-documents"
          title={view.kind === 'course' ? 'Documents' : 'Top documents'}
          description="By visitors; reading time and depth show whether they read or only glanced."
        >
          <SortableTable
            title={view.kind === 'course' ? 'Documents' : 'Top documents'}
            range={days}
            barColumn="sessions"
            columns={[
              { key: 'title', label: 'Document', format: 'text' },
              ...(view.kind === 'course'
                ? []
                : [{ key: 'course', label: 'Course', format: 'text' } as const]),
              { key: 'sessions', label: 'Visitors', format: 'count' },
              { key: 'views', label: 'Views', format: 'count' },
              { key: 'active', label: 'Reading time', format: 'duration' },
              { key: 'depth', label: 'Avg. depth', format: 'depth' },
            ]}
            rows={data.topDocuments.map((document) => ({
              key: String(document.documentId),
              href: document.title
                ? keep(dashboardDocumentPath({ id: document.documentId }))
                : undefined,
              cells: {
                title: document.title ?? 'A deleted document',
                course: document.courseTitle,
                sessions: document.sessions,
                views: document.views,
                active: document.activeSeconds,
                depth: document.averageDepth,
              },
            }))}
          />
        </DashboardCard>
      ) : null}

      {/* A card left alone on the last row takes the whole width. */}
      <div className="grid gap-5 lg:grid-cols-2 lg:[&>:last-child:nth-child(odd)]:col-span-2">
        {data.topCourses ? (
          <DashboardCard
            id="top-courses"
            title="Top courses"
            description="Course pages and their documents."
          >
            <SortableTable
              title="Top courses"
              range={days}
              barColumn="sessions"
              columns={[
                { key: 'title', label: 'Course', format: 'text' },
                { key: 'sessions', label: 'Visitors', format: 'count' },
                { key: 'views', label: 'Views', format: 'count' },
                { key: 'active', label: 'Reading time', format: 'duration' },
              ]}
              rows={data.topCourses.map((course) => ({
                key: String(course.courseId),
                href: course.title ? keep(dashboardCoursePath({ id: course.courseId })) : undefined,
                cells: {
                  title: course.title ?? 'A deleted course',
                  sessions: course.sessions,
                  views: course.views,
                  active: course.activeSeconds,
                },
              }))}
            />
          </DashboardCard>
        ) : null}
        <DashboardCard
          id="depth"
          title="Reading depth"
          description={
            view.kind === 'document'
              ? 'How far each reader got through this document.'
              : 'How far each read got through its document. A read is one visitor opening one document: a visitor who opens three documents makes three reads.'
          }
        >
          <DepthFunnelChart
            funnel={data.overview}
            pageCount={view.kind === 'document' ? view.document.pageCount : null}
          />
        </DashboardCard>
        <DashboardCard id="sources" title="Traffic sources" description="Where visitors came from.">
          <Tabs
            label="Traffic source"
            tabs={[
              {
                key: 'referrers',
                label: 'Referrers',
                content: breakdown(
                  'Referrers',
                  'Referrer',
                  data.sources.referrers,
                  'Direct or unknown',
                ),
              },
              {
                key: 'utm-source',
                label: 'Source',
                content: breakdown('UTM sources', 'utm_source', data.sources.utmSources, '(none)'),
              },
              {
                key: 'utm-medium',
                label: 'Medium',
                content: breakdown('UTM mediums', 'utm_medium', data.sources.utmMediums, '(none)'),
              },
              {
                key: 'utm-campaign',
                label: 'Campaign',
                content: breakdown(
                  'UTM campaigns',
                  'utm_campaign',
                  data.sources.utmCampaigns,
                  '(none)',
                ),
              },
            ]}
          />
        </DashboardCard>
        <DashboardCard id="devices" title="Devices" description="What visitors read on.">
          <Tabs
            label="Device breakdown"
            tabs={[
              {
                key: 'devices',
                label: 'Device',
                content: breakdown(
                  'Devices',
                  'Device',
                  capitalize(data.devices.devices),
                  'Unknown',
                ),
              },
              {
                key: 'browsers',
                label: 'Browser',
                content: breakdown('Browsers', 'Browser', data.devices.browsers, 'Unknown'),
              },
              {
                key: 'os',
                label: 'Operating system',
                content: breakdown(
                  'Operating systems',
                  'Operating system',
                  data.devices.operatingSystems,
                  'Unknown',
                ),
              },
            ]}
          />
        </DashboardCard>
        <DashboardCard
          id="actions"
          title="Actions"
          description="Downloads, bookmarks, follows, shares and searches."
        >
          <SortableTable
            title="Actions"
            range={days}
            barColumn="events"
            emptyText="No actions in this period"
            columns={[
              { key: 'action', label: 'Action', format: 'text' },
              { key: 'events', label: 'Times', format: 'count' },
              { key: 'sessions', label: 'Visitors', format: 'count' },
            ]}
            rows={data.actions.map((action) => ({
              key: `${action.type}/${action.name}/${action.action}`,
              cells: {
                action: describeAction(action),
                events: action.events,
                sessions: action.sessions,
              },
            }))}
          />
        </DashboardCard>
      </div>
    </div>
  );
}

function DashboardHeader({
  view,
  keep,
  freshness,
}: {
  view: View;
  keep: (path: string) => string;
  /** How old the figures are, under the title. */
  freshness: ReactNode;
}) {
  const crumbs: { href: string; label: string }[] = [];
  let eyebrow = 'Reading analytics';
  let title = 'Dashboard';
  let subtitle: ReactNode = null;
  switch (view.kind) {
    case 'site':
      subtitle = 'Everything on Coursepack.';
      break;
    case 'courses':
      subtitle = `Your ${view.courseCount === 1 ? 'course' : `${view.courseCount} courses`} and their documents.`;
      break;
    case 'course':
      crumbs.push({ href: keep('/dashboard'), label: 'Dashboard' });
      eyebrow = view.course.code ? `Course · ${view.course.code}` : 'Course';
      title = view.course.title;
      subtitle = (
        <Link href={coursePath(view.course)} className="font-medium text-brand-700 hover:underline">
          Open the course page
        </Link>
      );
      break;
    case 'document':
      crumbs.push(
        { href: keep('/dashboard'), label: 'Dashboard' },
        {
          href: keep(dashboardCoursePath(view.document.course)),
          label: view.document.course.title,
        },
      );
      eyebrow = `Document · ${view.document.pageCount} ${view.document.pageCount === 1 ? 'page' : 'pages'}`;
      title = view.document.title;
      subtitle = (
        <Link
          href={documentPath(view.document)}
          className="font-medium text-brand-700 hover:underline"
        >
          Open the document
        </Link>
      );
      break;
  }
  return (
    <header>
      {crumbs.length > 0 ? (
        <nav aria-label="Breadcrumb" className="mb-2 text-sm text-slate-600">
          {crumbs.map((crumb) => (
            <span key={crumb.href}>
              <Link href={crumb.href} className="hover:text-brand-700 hover:underline">
                {crumb.label}
              </Link>
              <span aria-hidden="true"> / </span>
            </span>
          ))}
        </nav>
      ) : null}
      <p className="text-sm font-medium uppercase tracking-wide text-brand-700">{eyebrow}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
      {freshness}
    </header>
  );
}

function realtimeQuery(view: View, includeBots: boolean): RealtimeQuery {
  return {
    course: view.kind === 'course' ? String(view.course.id) : undefined,
    document: view.kind === 'document' ? String(view.document.id) : undefined,
    include_bots: includeBots ? 'true' : undefined,
  };
}

function capitalize(rows: BreakdownRow[]): BreakdownRow[] {
  return rows.map((row) => ({
    ...row,
    value: row.value ? row.value.charAt(0).toUpperCase() + row.value.slice(1) : row.value,
  }));
}
