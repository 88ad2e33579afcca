// @vitest-environment node
import { createElement, useRef } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  PresenceTracking,
  ScrollTracking,
  usePresenceTracking,
  useScrollTracking,
  useTracking,
} from './react';

describe('react bindings on the server', () => {
  it('render without touching window or document, and track nothing', async () => {
    expect(typeof window).toBe('undefined');
    let trackAction: ReturnType<typeof useTracking>['trackAction'] | undefined;
    function Page() {
      const tracking = useTracking({
        endpoint: '/events',
        type: 'page',
        name: 'view',
        action: 'open',
      });
      trackAction = tracking.trackAction;
      useScrollTracking(tracking, useRef<Element>(null));
      usePresenceTracking(tracking);
      return createElement(
        'main',
        null,
        createElement(ScrollTracking, { tracking }),
        createElement(PresenceTracking, { tracking }),
        'content',
      );
    }
    expect(renderToString(createElement(Page))).toBe('<main>content</main>');
    await expect(trackAction?.()).resolves.toBe(false);
  });
});
