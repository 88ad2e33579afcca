import {
  createServer,
  get,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES } from '@/http/read-limited-body';
import { createWebRequestListener } from './web-request-listener';

/**
 * The web server's own request handling, on a real socket. Behind it, where Next's handler sits
 * in production, a handler that behaves as the attack of issue 29 found Next behaving: it reads a
 * request's body to the end before answering (1–2 GiB for a page, for nothing), and counts it.
 */
const seen = { calls: 0, bytesRead: 0 };
let server: Server;
let port = 0;

async function readToEndThenAnswer(request: IncomingMessage, response: ServerResponse) {
  seen.calls += 1;
  // An API route over its own limit refuses before reading, as routes do (read-limited-body).
  const declared = Number(request.headers['content-length'] ?? 0);
  if (request.url?.startsWith('/api/') && declared > JSON_BODY_MAX_BYTES) {
    response.writeHead(413, { 'content-type': 'application/json' });
    response.end('{"error":{"code":"payload_too_large","message":"Too large."}}');
    return;
  }
  for await (const chunk of request) seen.bytesRead += (chunk as Buffer).byteLength;
  response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  response.end('Page 1 text');
}

beforeAll(async () => {
  server = createServer(createWebRequestListener(readToEndThenAnswer, { trustProxy: false }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
}

/**
 * Sends a request head (and `body`, if any) on a raw socket, as an attacker would, and reads the
 * answer's head; gives up after `waitMs`, which is what a request that is never answered does.
 */
function rawRequest(head: string, body?: Buffer, waitMs = 3_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let answer: RawAnswer | undefined;
    const timer = setTimeout(() => {
      socket.destroy();
      if (answer) resolve(answer);
      else reject(new Error(`no answer within ${waitMs} ms`));
    }, waitMs);
    socket.on('error', () => {});
    socket.on('data', (data) => {
      received += data.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (answer || end < 0) return;
      const [statusLine = '', ...lines] = received.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      answer = { status: Number(statusLine.split(' ')[1]), headers, closed: false };
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (!answer) return reject(new Error('closed without an answer'));
      resolve({ ...answer, closed: true });
    });
    socket.write(head);
    if (body) socket.write(body);
  });
}

const TWO_GIB = 2 * 1024 ** 3;

describe('the web server in front of Next', () => {
  it('refuses a page request declaring 2 GiB at once, reading none of it', async () => {
    const before = { ...seen };
    const answer = await rawRequest(
      `POST /courses HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${TWO_GIB}\r\n\r\n`,
      Buffer.alloc(64 * 1024),
    );
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.closed).toBe(true);
    expect(seen.calls).toBe(before.calls);
    expect(seen.bytesRead).toBe(before.bytesRead);
  });

  it('refuses a chunked body to a page, and any body to a GET, as soon as it starts', async () => {
    const before = { ...seen };
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const chunked = await rawRequest(
      'POST /search HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n',
      Buffer.concat([
        Buffer.from(`${chunk.byteLength.toString(16)}\r\n`),
        chunk,
        Buffer.from('\r\n'),
      ]),
    );
    expect(chunked.status).toBe(413);
    const api = await rawRequest(
      `GET /api/search/suggest?q=a HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${TWO_GIB}\r\n\r\n`,
    );
    expect(api.status).toBe(413);
    expect(api.headers['content-type']).toBe('application/json');
    expect(seen.calls).toBe(before.calls);
  });

  it('passes the API’s bodies on to their routes, and closes the connection after a route refuses one unread', async () => {
    const accepted = await fetch(`http://127.0.0.1:${port}/api/courses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Optics' }),
    });
    expect(accepted.status).toBe(200);
    const refused = await rawRequest(
      `POST /api/courses HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${TWO_GIB}\r\n\r\n`,
      Buffer.alloc(64 * 1024),
    );
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe('close');
    expect(refused.closed).toBe(true);
  });

  it('says nosniff on every answer, page text and refusals included', async () => {
    const text = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`http://127.0.0.1:${port}/api/documents/1/pages/1/text`, resolve).on('error', reject),
    );
    text.resume();
    expect(text.statusCode).toBe(200);
    expect(text.headers['x-content-type-options']).toBe('nosniff');
    // An ordinary answer keeps its connection for the next request.
    expect(text.headers.connection).toBe('keep-alive');
    const refused = await rawRequest(
      'GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\n',
    );
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });
});
