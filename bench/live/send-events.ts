/**
 * bench/live.ts's traffic: readers' trackers posting to the collector at a steady rate, in a
 * process of its own so its work does not slow the queries being timed. A few thousand reading
 * sessions take turns, each sending what the tracker does (docs/tracking.md): a page view,
 * `scroll_*` as it gets deeper, presence pings with the page in view, sometimes a download;
 * then it ends and a new session takes its place. One event per request, as the tracker sends.
 * Usage: node --import tsx bench/live/send-events.ts <port> <events per second> <documents JSON
 * [[courseId, documentId, pageCount]…]>. Prints "ready", and on SIGTERM a JSON line
 * { sent, ok, failed, dropped } before exiting.
 *
 * The traffic stands for browsers on other machines, yet here it shares the cores with what is
 * measured, so it is written to cost as little as it can: HTTP/1.1 requests written straight to
 * keep-alive sockets (a browser's connections: one request at a time each) and answers read by
 * their status line and Content-Length, about a fifth of node:http's client's CPU per request.
 */
import { connect, type Socket } from 'node:net';
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
const CONNECTIONS = 64;

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
const requestHead = [
  'POST /events HTTP/1.1',
  `Host: 127.0.0.1:${port}`,
  'Content-Type: text/plain;charset=UTF-8',
  `User-Agent: ${USER_AGENT}`,
  'Connection: keep-alive',
].join('\r\n');

/** A keep-alive connection that reads back the answers to what it sent, in order. */
class Connection {
  private socket: Socket;
  private buffered: Buffer = Buffer.alloc(0);
  /** Requests written and not yet answered. */
  waiting = 0;

  constructor() {
    this.socket = this.open();
  }

  private open(): Socket {
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.read(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      // What was waiting on a closed connection is lost to the sender, as to a browser.
      counts.failed += this.waiting;
      inFlight -= this.waiting;
      this.waiting = 0;
      this.buffered = Buffer.alloc(0);
      this.socket = this.open();
    });
    return socket;
  }

  send(body: string): void {
    this.waiting++;
    inFlight++;
    this.socket.write(
      `${requestHead}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    for (;;) {
      const headEnd = this.buffered.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = this.buffered.toString('latin1', 0, headEnd);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      const end = headEnd + 4 + length;
      if (this.buffered.length < end) return;
      this.buffered = this.buffered.subarray(end);
      const status = Number(head.slice(9, 12));
      if (status >= 200 && status < 300) counts.ok++;
      else counts.failed++;
      this.waiting--;
      inFlight--;
    }
  }
}

const connections = Array.from({ length: CONNECTIONS }, () => new Connection());
let next = 0;
function send(event: object) {
  counts.sent++;
  // An idle connection if there is one; when every one is busy, the next in turn (pipelined).
  let chosen = connections[next] as Connection;
  for (let tried = 0; tried < CONNECTIONS && chosen.waiting > 0; tried++) {
    next = (next + 1) % CONNECTIONS;
    chosen = connections[next] as Connection;
  }
  next = (next + 1) % CONNECTIONS;
  chosen.send(JSON.stringify(event));
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
