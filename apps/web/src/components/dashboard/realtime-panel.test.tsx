import type { RealtimeSessions } from '@coursepack/analytics/queries/get-realtime-sessions';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimePanel, RealtimePanelPlaceholder } from './realtime-panel';

const QUERY = { course: '7' };
const ENDPOINT = '/api/stats/realtime?course=7';

const twoReaders: RealtimeSessions = {
  sessions: 2,
  views: 5,
  documents: [
    { documentId: 12, title: 'Entropy notes', sessions: 2 },
    { documentId: 13, title: 'Past exams', sessions: 1 },
  ],
};

/** Renders the panel as the page does: inside Suspense, its first figures still on the way. */
async function showPanel(initial: RealtimeSessions | null, showDocuments = true): Promise<void> {
  let resolve: (value: RealtimeSessions | null) => void = () => {};
  const figures = new Promise<RealtimeSessions | null>((settle) => {
    resolve = settle;
  });
  // Rendered in an awaited act: React pings a suspended component through act's queue.
  await act(async () => {
    render(
      <Suspense fallback={<RealtimePanelPlaceholder />}>
        <RealtimePanel initial={figures} query={QUERY} showDocuments={showDocuments} />
      </Suspense>,
    );
  });
  expect(screen.getByLabelText('Loading who is reading right now')).toBeTruthy();
  // React reveals streamed content no sooner than 300 ms after its fallback.
  await act(async () => {
    resolve(initial);
    await vi.advanceTimersByTimeAsync(300);
  });
}

/** Lets the ten-second refresh happen once. */
async function refresh(): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(10_000);
    // The refresh awaits the answer and then its body: a macrotask later, all of it has settled.
    await new Promise((resolve) => setImmediate(resolve));
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimePanel', () => {
  it("shows the server's figures once they stream in, with the documents being read", async () => {
    vi.stubGlobal('fetch', vi.fn());
    await showPanel(twoReaders);
    expect(screen.queryByLabelText('Loading who is reading right now')).toBeNull();
    expect(screen.getByText('2')).toBeTruthy();
    expect(screen.getByText('visitors in the last 5 minutes')).toBeTruthy();
    expect(screen.getByText('5 page views')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Entropy notes' });
    expect(link.getAttribute('href')).toBe('/dashboard/documents/12');
    expect(screen.getByRole('link', { name: 'Past exams' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refreshes from its endpoint every ten seconds', async () => {
    const fetchRealtime = vi.fn(async () =>
      Response.json({ sessions: 1, views: 1, documents: [] } satisfies RealtimeSessions),
    );
    vi.stubGlobal('fetch', fetchRealtime);
    await showPanel(twoReaders);
    await refresh();
    expect(fetchRealtime).toHaveBeenCalledWith(
      ENDPOINT,
      expect.objectContaining({ method: 'GET', cache: 'no-store' }),
    );
    expect(screen.getByText('visitor in the last 5 minutes')).toBeTruthy();
    expect(screen.getByText('Nobody is reading a document right now.')).toBeTruthy();
  });

  it('keeps the last figures and says so when a refresh fails, until one succeeds', async () => {
    const fetchRealtime = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(Response.json({ error: { code: 'internal' } }, { status: 503 }))
      .mockResolvedValueOnce(Response.json(twoReaders));
    vi.stubGlobal('fetch', fetchRealtime);
    await showPanel({ ...twoReaders, sessions: 4 });
    await refresh();
    expect(screen.getByText('4')).toBeTruthy();
    expect(screen.getByText('· could not refresh, retrying')).toBeTruthy();
    await refresh();
    expect(screen.getByText('2')).toBeTruthy();
    expect(screen.queryByText('· could not refresh, retrying')).toBeNull();
  });

  it('says it could not read the figures when the server had none, and keeps trying', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(twoReaders)),
    );
    await showPanel(null, false);
    expect(
      screen.getByText('Could not read who is here right now; trying again every 10 seconds.'),
    ).toBeTruthy();
    await refresh();
    expect(screen.getByText('visitors in the last 5 minutes')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Being read now' })).toBeNull();
  });
});
