import { DAY_MS, floorTo, HOUR_MS } from '@coursepack/analytics/time';
import type { EventsTable } from '@coursepack/db/schema';
import { createRandom, type Random } from '@coursepack/images/create-seeded-random';
import type { Insertable } from 'kysely';

/**
 * Realistic past reading activity for the demo and the analytics benchmark: visits spread over
 * days with a weekly rhythm and a daily curve, returning visitors, traffic sources, devices,
 * a few bots, and on documents what the tracker really sends (docs/tracking.md): a page view,
 * `scroll_*` as the reader gets deeper, presence pings every 5 s with the page in view (with
 * hidden stretches that back off), and named product actions (apps/web/src/tracking/product-actions.ts).
 * Deterministic for a given seed.
 */

export interface ActivityCourse {
  id: number;
  documents: { id: number; pageCount: number }[];
}

export interface DemoActivityOptions {
  courses: readonly ActivityCourse[];
  /** First UTC day with visits (its midnight is used). */
  from: Date;
  /** Visits stop before this moment. */
  to: Date;
  /** Visits on an average weekday; weekends get fewer. */
  visitsPerDay: number;
  seed?: number;
}

/**
 * Exactly the columns the generator fills, so writers (INSERT, COPY) can list them. Not
 * `stored_at`: the events are stored now, whatever their time, which is what the incremental
 * rollup refresh looks at.
 */
export type DemoEvent = Required<
  Pick<
    Insertable<EventsTable>,
    | 'event_id'
    | 'received_at'
    | 'date'
    | 'type'
    | 'name'
    | 'action'
    | 'environment'
    | 'app'
    | 'course_id'
    | 'doc_id'
    | 'action_meta'
    | 'session_id'
    | 'path'
    | 'path_with_params'
    | 'utm'
    | 'utm_source'
    | 'utm_medium'
    | 'utm_campaign'
    | 'referrer'
    | 'location'
    | 'browser'
    | 'os'
    | 'device'
    | 'is_bot'
  >
> & { received_at: Date; date: Date; action_meta: string | null };

export const DEMO_EVENT_COLUMNS = [
  'event_id',
  'received_at',
  'date',
  'type',
  'name',
  'action',
  'environment',
  'app',
  'course_id',
  'doc_id',
  'action_meta',
  'session_id',
  'path',
  'path_with_params',
  'utm',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer',
  'location',
  'browser',
  'os',
  'device',
  'is_bot',
] as const satisfies readonly (keyof DemoEvent)[];

const PING_MS = 5000;
const ORIGIN = 'https://coursepack.dev';

interface Profile {
  browser: string | null;
  os: string | null;
  device: string;
  isBot: boolean;
}

interface Source {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer: string | null;
}

interface Visitor {
  sessionId: string;
  profile: Profile;
  source: Source;
}

const PROFILES: [number, Profile][] = [
  [36, { browser: 'Chrome', os: 'Windows', device: 'desktop', isBot: false }],
  [12, { browser: 'Safari', os: 'macOS', device: 'desktop', isBot: false }],
  [6, { browser: 'Firefox', os: 'Linux', device: 'desktop', isBot: false }],
  [6, { browser: 'Edge', os: 'Windows', device: 'desktop', isBot: false }],
  [18, { browser: 'Mobile Safari', os: 'iOS', device: 'mobile', isBot: false }],
  [14, { browser: 'Mobile Chrome', os: 'Android', device: 'mobile', isBot: false }],
  [5, { browser: 'Mobile Safari', os: 'iOS', device: 'tablet', isBot: false }],
  [3, { browser: null, os: null, device: 'desktop', isBot: true }],
];

const none = { utm_source: null, utm_medium: null, utm_campaign: null, referrer: null };
const SOURCES: [number, Source][] = [
  [38, none],
  [24, { ...none, referrer: 'https://www.google.com/' }],
  [4, { ...none, referrer: 'https://duckduckgo.com/' }],
  [3, { ...none, referrer: 'https://www.bing.com/' }],
  [5, { ...none, referrer: 'https://www.reddit.com/r/learnmath/' }],
  [
    10,
    {
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'weekly-digest',
      referrer: null,
    },
  ],
  [
    7,
    {
      utm_source: 'moodle',
      utm_medium: 'referral',
      utm_campaign: 'syllabus',
      referrer: 'https://moodle.northbridge.edu/',
    },
  ],
  [
    5,
    {
      utm_source: 'twitter',
      utm_medium: 'social',
      utm_campaign: 'exam-season',
      referrer: 'https://t.co/',
    },
  ],
  [4, { utm_source: 'linkedin', utm_medium: 'social', utm_campaign: null, referrer: null }],
];

/** How deep a read gets: the furthest scroll level and its weight. */
const DEPTHS: [number, number][] = [
  [12, 0],
  [18, 25],
  [20, 50],
  [17, 75],
  [33, 100],
];

/** Share of visits by UTC hour: quiet at night, busy in the afternoon and evening. */
const HOURS = [2, 1, 1, 1, 1, 2, 3, 5, 7, 8, 8, 8, 7, 8, 9, 9, 8, 8, 8, 9, 9, 8, 6, 4] as const;

export function* generateDemoActivity(options: DemoActivityOptions): Generator<DemoEvent> {
  const random = createRandom(options.seed ?? 1);
  const courses = options.courses.filter((course) => course.documents.length > 0);
  if (courses.length === 0) return;
  const visitors: Visitor[] = [];
  const firstDay = floorTo(options.from, DAY_MS).getTime();
  const end = options.to.getTime();

  for (let day = firstDay; day < end; day += DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    const rhythm = weekday === 0 || weekday === 6 ? 0.6 : 1;
    const visits = Math.round(options.visitsPerDay * rhythm * (0.85 + random() * 0.3));
    const starts = Array.from({ length: visits }, () => day + visitOffset(random)).sort(
      (a, b) => a - b,
    );
    for (const start of starts) {
      if (start >= end) break;
      const visitor = pickVisitor(random, visitors, start);
      yield* visit(random, visitor, courses, start, end);
    }
  }
}

function visitOffset(random: Random): number {
  const hour = weighted(
    random,
    HOURS.map((weight, index) => [weight, index] as [number, number]),
  );
  return hour * HOUR_MS + Math.floor(random() * HOUR_MS);
}

function pickVisitor(random: Random, visitors: Visitor[], at: number): Visitor {
  // A third of visits come back: the tracker's session id lives 399 days.
  if (visitors.length > 0 && random() < 0.35) {
    const returning = visitors[Math.floor(random() ** 2 * visitors.length)];
    if (returning) return { ...returning, source: random() < 0.6 ? none : returning.source };
  }
  const visitor = {
    sessionId: uuidV7(at, random),
    profile: weighted(random, PROFILES),
    source: weighted(random, SOURCES),
  };
  visitors.push(visitor);
  return visitor;
}

function* visit(
  random: Random,
  visitor: Visitor,
  courses: readonly ActivityCourse[],
  start: number,
  end: number,
): Generator<DemoEvent> {
  const event = eventMaker(random, visitor);
  let at = start;
  const course = zipf(random, courses);
  const landing = random();
  if (landing < 0.25) {
    yield event(at, 'page', 'page', 'view', { path: '/' });
    at += 4000 + random() * 20_000;
    if (random() < 0.3) {
      yield event(at, 'search', 'search', 'submit', { path: '/search' });
      at += 3000 + random() * 10_000;
      yield event(at, 'search', 'result', 'open', { path: '/search' });
    }
  } else if (landing < 0.5) {
    const path = `/courses/${course.id}`;
    yield event(at, 'page', 'page', 'view', { path, courseId: course.id });
    if (random() < 0.03)
      yield event(at + 8000, 'course', 'follow', 'add', { path, courseId: course.id });
    at += 5000 + random() * 30_000;
  }
  if (random() < 0.03) yield event(at, 'account', 'sign_in', 'complete', { path: '/sign-in' });

  const reads =
    landing < 0.5 && random() < 0.3 ? 0 : 1 + Math.min(3, Math.floor(-Math.log(random()) / 1.1));
  for (let read = 0; read < reads && at < end; read++) {
    const document = zipf(random, course.documents);
    const path = `/documents/${document.id}`;
    const ids = { path, courseId: course.id, docId: document.id };
    yield event(at, 'page', 'page', 'view', ids);
    const depth = weighted(random, DEPTHS);
    // Deeper reads last longer: a lognormal around 40 s plus time per level reached.
    const seconds = Math.min(1200, Math.exp(3.7 + random() * 1.2) * (0.4 + depth / 60));
    const duration = seconds * 1000;
    const lastPage = Math.max(1, Math.ceil((document.pageCount * Math.max(depth, 10)) / 100));
    // Pages follow the time spent visible, not the wall clock.
    const pageAt = (visibleFor: number) =>
      1 + Math.floor(Math.min(0.999, visibleFor / duration) * lastPage);

    for (const level of [25, 50, 75, 100] as const) {
      if (level > depth) break;
      yield event(
        at + (duration * level) / (depth + 5),
        'scroll',
        'document',
        `scroll_${level}`,
        ids,
      );
    }
    if (depth >= 50 && random() < 0.1) {
      yield event(at + duration * 0.9, 'scroll', 'document', 'scroll_up_25', ids);
    }

    let t = at;
    let hiddenTotal = 0;
    let page = 1;
    let hiddenAt = random() < 0.15 ? at + duration * random() : Number.POSITIVE_INFINITY;
    while (t < at + hiddenTotal + duration) {
      if (t >= hiddenAt) {
        // The tab is hidden: `inactive` after the debounce, then pings back off.
        const hiddenFor = 20_000 + random() * 240_000;
        for (let hidden = 1000, gap = PING_MS; hidden < hiddenFor; hidden += gap, gap *= 2) {
          yield event(t + hidden, 'status', 'document', 'inactive', ids, { page });
        }
        t += hiddenFor;
        hiddenTotal += hiddenFor;
        hiddenAt = Number.POSITIVE_INFINITY;
        continue;
      }
      const current = pageAt(t - at - hiddenTotal);
      if (current !== page && random() < 0.3) {
        yield event(t - 500, 'document', 'viewer', 'page_turn', ids, { page: current });
      }
      page = current;
      yield event(t, 'status', 'document', 'active', ids, { page });
      t += PING_MS + Math.floor(random() * 40);
    }
    if (random() < 0.06) yield event(t - 2000, 'document', 'viewer', 'download', ids);
    if (random() < 0.03) yield event(t - 1500, 'document', 'bookmark', 'add', ids);
    if (random() < 0.015) yield event(t - 1000, 'document', 'share', 'copy_link', ids);
    at = t + 3000 + random() * 20_000;
  }
}

interface Place {
  path: string;
  courseId?: number;
  docId?: number;
}

function eventMaker(random: Random, visitor: Visitor) {
  const { profile, source } = visitor;
  const utm = source.utm_source !== null;
  const query = utm ? `?utm_source=${source.utm_source}&utm_medium=${source.utm_medium ?? ''}` : '';
  return (
    time: number,
    type: string,
    name: string,
    action: string,
    place: Place,
    meta?: Record<string, unknown>,
  ): DemoEvent => {
    const at = Math.floor(time);
    return {
      event_id: uuidV7(at, random),
      received_at: new Date(at),
      date: new Date(at),
      type,
      name,
      action,
      environment: 'demo',
      app: 'web',
      course_id: place.courseId ?? null,
      doc_id: place.docId ?? null,
      action_meta: meta ? JSON.stringify(meta) : null,
      session_id: visitor.sessionId,
      path: place.path,
      path_with_params: place.path + query,
      utm,
      utm_source: source.utm_source,
      utm_medium: source.utm_medium,
      utm_campaign: source.utm_campaign,
      referrer: source.referrer,
      location: ORIGIN + place.path + query,
      browser: profile.browser,
      os: profile.os,
      device: profile.device,
      is_bot: profile.isBot,
    };
  };
}

function weighted<T>(random: Random, choices: readonly [number, T][]): T {
  let total = 0;
  for (const [weight] of choices) total += weight;
  let pick = random() * total;
  for (const [weight, value] of choices) {
    pick -= weight;
    if (pick < 0) return value;
  }
  return (choices[choices.length - 1] as [number, T])[1];
}

/** A few items get most of the traffic, as on any real site. */
function zipf<T>(random: Random, items: readonly T[]): T {
  const index = Math.min(items.length - 1, Math.floor(items.length * random() ** 2.2));
  return items[index] as T;
}

const HEX = '0123456789abcdef';

/** A UUIDv7 for a moment, from the seeded source (the tracker makes its ids the same way). */
function uuidV7(ms: number, random: Random): string {
  let hex = Math.floor(ms).toString(16).padStart(12, '0');
  hex += '7';
  for (let i = 0; i < 19; i++) {
    const nibble = Math.floor(random() * 16);
    hex += HEX[i === 3 ? 8 + (nibble & 3) : nibble];
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
