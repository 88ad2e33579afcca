import { act, createElement, StrictMode, useEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackerPayload } from './event';
import {
  PresenceTracking,
  ScrollTracking,
  type Tracking,
  usePresenceTracking,
  useScrollTracking,
  useTracking,
} from './react';
import {
  clearCookies,
  DEFAULT_URL,
  type RecordedRequest,
  resetVisibility,
  setScrollGeometry,
  setUrl,
  stubFetch,
} from './testing/browser-fixtures';
import type { TrackerConfig } from './tracker-config';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const ENDPOINT = 'https://collect.coursepack.test/events';
let container: HTMLDivElement;
let root: Root;
let requests: RecordedRequest[];
const sent = () => requests.map((request) => request.body as unknown as TrackerPayload);

beforeEach(() => {
  vi.useFakeTimers();
  setUrl(DEFAULT_URL);
  clearCookies();
  resetVisibility();
  requests = stubFetch(204);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.useRealTimers();
});

async function render(element: Parameters<Root['render']>[0], strict = false): Promise<void> {
  await act(async () => root.render(strict ? createElement(StrictMode, null, element) : element));
  // The loops start a task after mount.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function wait(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function Page({
  config,
  onTracking,
}: {
  config: TrackerConfig;
  onTracking?: (t: Tracking) => void;
}) {
  const tracking = useTracking(config);
  usePresenceTracking(tracking);
  useScrollTracking(tracking);
  onTracking?.(tracking);
  return null;
}

const presenceConfig = (docId: number): TrackerConfig => ({
  endpoint: ENDPOINT,
  doc_id: docId,
  presence: { interval: 1000, debounce: 100 },
});

describe('useTracking', () => {
  it('starts one presence loop under strict mode and stops it on unmount', async () => {
    await render(createElement(Page, { config: presenceConfig(1) }), true);
    await wait(3000);
    const pings = sent().filter((payload) => payload.type === 'status');
    expect(pings.map((payload) => payload.action)).toEqual([
      'active',
      'active',
      'active',
      'active',
    ]);
    await act(async () => root.unmount());
    root = createRoot(container);
    const count = requests.length;
    await wait(10_000);
    expect(requests).toHaveLength(count);
  });

  it('uses the latest render’s defaults for app events and pings', async () => {
    let tracking: Tracking | undefined;
    const onTracking = (t: Tracking) => {
      tracking = t;
    };
    await render(createElement(Page, { config: presenceConfig(1), onTracking }));
    const first = tracking;
    await render(createElement(Page, { config: presenceConfig(2), onTracking }));
    expect(tracking).toBe(first);
    await act(async () => {
      await tracking?.trackAction({ type: 'document', name: 'viewer', action: 'download' });
    });
    await wait(1000);
    expect(sent().map(({ type, doc_id }) => [type, doc_id])).toEqual([
      ['status', 1],
      ['document', 2],
      ['status', 2],
    ]);
  });

  it('replaces the tracker when the endpoint changes', async () => {
    let tracking: Tracking | undefined;
    const onTracking = (t: Tracking) => {
      tracking = t;
    };
    await render(createElement(Page, { config: presenceConfig(1), onTracking }));
    const first = tracking?.getTracker();
    await render(
      createElement(Page, {
        config: { ...presenceConfig(1), endpoint: `${ENDPOINT}/v2` },
        onTracking,
      }),
    );
    expect(tracking?.getTracker()).not.toBe(first);
    await wait(1000);
    // The old tracker's loop is gone: pings after the change go to the new endpoint only.
    expect(requests.map((request) => request.url)).toEqual([
      ENDPOINT,
      `${ENDPOINT}/v2`,
      `${ENDPOINT}/v2`,
    ]);
  });

  it('sends app events from effects and handlers, with the session of the page', async () => {
    function Viewer() {
      const { trackAction } = useTracking({ endpoint: ENDPOINT, type: 'document', name: 'viewer' });
      useEffect(() => {
        trackAction({ action: 'open' });
      }, [trackAction]);
      return null;
    }
    await render(createElement(Viewer));
    expect(sent().map((payload) => payload.action)).toEqual(['open']);
    expect(sent()[0]?.cookie.session_id).toMatch(/^[\da-f-]{36}$/);
  });
});

describe('useScrollTracking', () => {
  it('tracks a scrollable element from a ref and stops on unmount', async () => {
    function Viewer() {
      const tracking = useTracking({ endpoint: ENDPOINT, doc_id: 5 });
      const ref = useRef<HTMLDivElement>(null);
      useScrollTracking(tracking, ref);
      return createElement('div', {
        id: 'viewer',
        ref: (element: HTMLDivElement | null) => {
          ref.current = element;
          if (element)
            setScrollGeometry(element, { scrollTop: 0, clientHeight: 100, scrollHeight: 1000 });
        },
      });
    }
    await render(createElement(Viewer), true);
    const viewer = container.querySelector('#viewer') as HTMLDivElement;
    setScrollGeometry(viewer, { scrollTop: 900 });
    viewer.dispatchEvent(new Event('scroll'));
    await wait(16);
    expect(sent().map((payload) => [payload.action, payload.doc_id])).toEqual([
      ['scroll_25', 5],
      ['scroll_50', 5],
      ['scroll_75', 5],
      ['scroll_100', 5],
    ]);
    await act(async () => root.unmount());
    root = createRoot(container);
    viewer.dispatchEvent(new Event('scroll'));
    await wait(16);
    expect(requests).toHaveLength(4);
  });

  it('does nothing while the ref is empty', async () => {
    function Empty() {
      const tracking = useTracking({ endpoint: ENDPOINT });
      useScrollTracking(tracking, useRef<Element>(null));
      return null;
    }
    await render(createElement(Empty));
    await wait(100);
    expect(requests).toEqual([]);
  });
});

describe('components', () => {
  it('ScrollTracking and PresenceTracking start their loops', async () => {
    function App() {
      const tracking = useTracking(presenceConfig(9));
      return createElement(
        'div',
        null,
        createElement(ScrollTracking, { tracking }),
        createElement(PresenceTracking, { tracking }),
      );
    }
    await render(createElement(App), true);
    expect(sent().map((payload) => [payload.type, payload.action])).toEqual([['status', 'active']]);
  });
});
