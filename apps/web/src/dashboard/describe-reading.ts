import { DEPTH_LEVELS, type DepthFunnel } from '@coursepack/analytics/queries/get-overview-stats';
import { formatCount, formatShare, pluralize } from '@/format/format-numbers';
import { type PagePoint, summarizeAttention } from './complete-series';

/*
 * The depth funnel and the page chart count different things, which side by side looked like
 * contradictions: depth is the furthest point a read ever had on screen, the first
 * screen included, while a reader's last page is the page filling most of the screen when they
 * left. So "47 of 59 reads past 25 %" sat beside "47 % of readers stopped on page 1" (on a
 * 4-page document the first screen alone is about 25 %), and "Finished 18" beside "12 stopped
 * on the last page" (a reader can finish and go back). These functions say what each figure
 * counts, and why two of them differ, in the words the dashboard shows.
 */

export interface FunnelStep {
  label: string;
  /** Where in the document that is, for a document of several pages: `about page 2`. */
  detail: string | null;
  count: number;
}

/** The funnel's steps and the note under it; `pageCount` for a document's own dashboard. */
export function describeDepthFunnel(
  funnel: DepthFunnel,
  pageCount: number | null,
): { steps: FunnelStep[]; note: string } {
  const pages = pageCount !== null && pageCount > 1 ? pageCount : null;
  const steps: FunnelStep[] = [
    { label: 'Opened', detail: null, count: funnel.reads },
    ...DEPTH_LEVELS.map((level) => ({
      label: level === 100 ? 'Reached the end' : `Saw ${level}%`,
      detail:
        pages === null
          ? null
          : level === 100
            ? `page ${pages}`
            : `about page ${Math.ceil((level / 100) * pages)}`,
      count: funnel.reached[level],
    })),
  ];
  const furthest =
    'A read counts at the furthest point it reached, even if the reader then went back up.';
  const note =
    pages === null
      ? `${furthest} What the first screen shows counts too.`
      : `${furthest} What the first screen shows counts too: each page of this ${pages}-page document is about ${Math.round(100 / pages)}% of it, so a reader who stayed on page 1 may already have seen that much.`;
  return { steps, note };
}

/**
 * The page chart's two sentences about where readers left: the most common last page, out of
 * the readers whose last page is known, and (when they differ) why the readers who reached the
 * end in the funnel (`finished`) are not those who left on the last page. Null for a sentence
 * there is nothing to say in.
 */
export function describeReadingEnds(
  pages: PagePoint[],
  finished: number,
): { lastPage: string | null; ends: string | null } {
  const { mostStops, totalStops } = summarizeAttention(pages);
  if (!mostStops) return { lastPage: null, ends: null };
  const lastPage = `Readers most often left from page ${mostStops.page}: ${formatCount(mostStops.stops)} of the ${pluralize(totalStops, 'reader')} whose last page is known (${formatShare(mostStops.stops, totalStops)}).`;
  const onLastPage = pages.at(-1)?.stops ?? 0;
  let ends: string | null = null;
  if (finished > onLastPage) {
    ends = `${pluralize(finished, 'reader')} reached the end at some point (Reading depth), and ${formatCount(onLastPage)} left while on the last page: a reader who reaches the end and goes back to an earlier page leaves from that page.`;
  } else if (finished < onLastPage) {
    ends = `${pluralize(onLastPage, 'reader')} left while on the last page, and ${formatCount(finished)} reached its end (Reading depth): a reader is on the page filling most of the screen, so they can leave on the last page before scrolling to its bottom.`;
  }
  return { lastPage, ends };
}
