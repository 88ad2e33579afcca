/**
 * bench/live.ts's traffic: readers' trackers posting to the collector at a steady rate, in a
 * process of its own so its work does not slow the queries being timed. A few thousand reading
 * sessions take turns, each sending what the tracker does (docs/tracking.md): a page view,
 * `scroll_*` as it gets deeper, presence pings with the page in view, sometimes a download;
 * then it ends and a new session takes its place. One event per request, as the tracker sends.
 * Usage: node --import tsx bench/live/send-events.ts <port> <events per second> <documents JSON
 * [[courseId, documentId, pageCount]…]>. Prints "ready", and on SIGTERM a JSON line
 * { sent, ok, failed, dropped } before exiting.
 */
import { Agent, request } from 'node:http';
import { createIdFactory } from '../collector/bench-support';

const [portText, rateText, documentsJson] = process.argv.slice(2);
const port = Number(portText);
const rate = Number(rateText);
const documents = JSON.parse(documentsJson ?? '[]') as [number, number, number][];
if (!(port > 0) || !(rate > 0) || documents.length === 0) {
  console.error('usage: send-events.ts <port> <events per second> <documents JSON>');
  process.exit(2);
}

const SESSIONS = 5000;
/** Beyond this many requests awaiting an answer the collector is not keeping up: skip sends. */
const MAX_IN_FLIGHT = 2000;
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const nextId = createIdFactory();
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

interface Reader {
  sessionId: string;
  document: [number, number, number];
  step: number;
}

/** What a reader sends at each step: view, scrolls and pings through the pages, maybe a download. */
function readerEvent(reader: Reader): object | null {
  const [courseId, documentId, pageCount] = reader.document;
  const step = reader.step++;
  const base = {
    event_id: nextId(),
    date: new Date().toISOString(),
    environment: 'bench',
    app: 'web',
    course_id: courseId,
    doc_id: documentId,
    cookie: {
      session_id: reader.sessionId,
      path: `/documents/${documentId}`,
      path_with_params: `/documents/${documentId}`,
    },
    location: `http://localhost:3000/documents/${documentId}`,
  };
  if (step === 0) return { ...base, type: 'page', name: 'page', action: 'view' };
  // Four stretches of six pings, each opened by a deeper scroll.
  const stretch = Math.floor((step - 1) / 7);
  const inStretch = (step - 1) % 7;
  if (stretch < 4) {
    if (inStretch === 0) {
      return { ...base, type: 'scroll', name: 'document', action: `scroll_${(stretch + 1) * 25}` };
    }
    const page = Math.min(pageCount, 1 + Math.floor(((stretch * 6 + inStretch) * pageCount) / 24));
    return { ...base, type: 'status', name: 'viewer', action: 'active', action_meta: { page } };
  }
  if (stretch === 4 && inStretch === 0 && documentId % 3 === 0) {
    return { ...base, type: 'action', name: 'viewer', action: 'download' };
  }
  return null;
}

let pick = 0;
function newReader(): Reader {
  pick = (pick + 1) % documents.length;
  // Most readers on a few documents, as on a real site.
  const index = pick % 4 === 0 ? pick : pick % Math.min(5, documents.length);
  return { sessionId: nextId(), document: documents[index] as [number, number, number], step: 0 };
}

const readers = Array.from({ length: SESSIONS }, newReader);
let turn = 0;
function nextEvent(): object {
  for (;;) {
    turn = (turn + 1) % readers.length;
    const reader = readers[turn] as Reader;
    const event = readerEvent(reader);
    if (event) return event;
    readers[turn] = newReader();
  }
}

const counts = { sent: 0, ok: 0, failed: 0, dropped: 0 };
let inFlight = 0;
function send(event: object) {
  const body = JSON.stringify(event);
  inFlight++;
  counts.sent++;
  const req = request(
    {
      agent,
      host: '127.0.0.1',
      port,
      path: '/events',
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'content-length': Buffer.byteLength(body),
        'user-agent': USER_AGENT,
      },
    },
    (response) => {
      response.resume();
      response.on('end', () => {
        inFlight--;
        if (response.statusCode && response.statusCode < 300) counts.ok++;
        else counts.failed++;
      });
    },
  );
  req.on('error', () => {
    inFlight--;
    counts.failed++;
  });
  req.end(body);
}

// Sends what is due by the clock, so timer jitter never changes the rate.
const started = performance.now();
let due = 0;
const timer = setInterval(() => {
  const target = Math.floor(((performance.now() - started) / 1000) * rate);
  while (due < target) {
    due++;
    if (inFlight >= MAX_IN_FLIGHT) counts.dropped++;
    else send(nextEvent());
  }
}, 5);

console.log('ready');
process.once('SIGTERM', () => {
  clearInterval(timer);
  const deadline = Date.now() + 5_000;
  const finish = setInterval(() => {
    if (inFlight === 0 || Date.now() > deadline) {
      clearInterval(finish);
      console.log(JSON.stringify(counts));
      process.exit(0);
    }
  }, 20);
});
