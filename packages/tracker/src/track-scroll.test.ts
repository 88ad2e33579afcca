import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setScrollGeometry } from './testing/browser-fixtures';
import { trackScroll } from './track-scroll';

let box: HTMLDivElement;

beforeEach(() => {
  vi.useFakeTimers();
  box = document.createElement('div');
  document.body.append(box);
  setScrollGeometry(box, { scrollTop: 0, clientHeight: 500, scrollHeight: 5000 });
});

afterEach(() => {
  box.remove();
  vi.useRealTimers();
});

/** Scrolls the box so the given percentage of its content has been on screen. */
function scrollTo(target: Element, depth: number): void {
  const { clientHeight, scrollHeight } = target;
  setScrollGeometry(target, { scrollTop: (depth / 100) * scrollHeight - clientHeight });
  target.dispatchEvent(new Event('scroll'));
}

const nextFrame = () => vi.advanceTimersByTimeAsync(16);

describe('trackScroll', () => {
  it('fires each threshold going down and back up, in order', async () => {
    const actions: string[] = [];
    trackScroll(box, (action) => actions.push(action));
    await nextFrame();
    expect(actions).toEqual([]);
    for (const depth of [30, 55, 80, 96, 80, 60, 40, 15]) {
      scrollTo(box, depth);
      await nextFrame();
    }
    expect(actions).toEqual([
      'scroll_25',
      'scroll_50',
      'scroll_75',
      'scroll_100',
      'scroll_up_75',
      'scroll_up_50',
      'scroll_up_25',
    ]);
  });

  it('fires every crossed threshold of a jump, in order', async () => {
    const actions: string[] = [];
    trackScroll(box, (action) => actions.push(action));
    scrollTo(box, 100);
    await nextFrame();
    scrollTo(box, 10);
    await nextFrame();
    expect(actions).toEqual([
      'scroll_25',
      'scroll_50',
      'scroll_75',
      'scroll_100',
      'scroll_up_75',
      'scroll_up_50',
      'scroll_up_25',
    ]);
  });

  it('counts what is visible at the start', async () => {
    setScrollGeometry(box, { clientHeight: 500, scrollHeight: 900 });
    const actions: string[] = [];
    trackScroll(box, (action) => actions.push(action));
    await nextFrame();
    expect(actions).toEqual(['scroll_25', 'scroll_50']);
  });

  it('measures at most once per animation frame, whatever the number of scroll events', async () => {
    const read = vi.fn(() => 0);
    Object.defineProperty(box, 'scrollTop', { configurable: true, get: read });
    trackScroll(box, () => {});
    for (let i = 0; i < 50; i++) box.dispatchEvent(new Event('scroll'));
    expect(read).not.toHaveBeenCalled();
    await nextFrame();
    expect(read).toHaveBeenCalledOnce();
    for (let i = 0; i < 50; i++) box.dispatchEvent(new Event('scroll'));
    await nextFrame();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('listens passively', () => {
    const listen = vi.spyOn(box, 'addEventListener');
    trackScroll(box, () => {});
    expect(listen).toHaveBeenCalledWith('scroll', expect.any(Function), { passive: true });
  });

  it('tracks the window through the document element', async () => {
    const root = document.documentElement;
    setScrollGeometry(root, { scrollTop: 0, clientHeight: 800, scrollHeight: 8000 });
    const actions: string[] = [];
    const stop = trackScroll(window, (action) => actions.push(action));
    setScrollGeometry(root, { scrollTop: 7200 });
    window.dispatchEvent(new Event('scroll'));
    await nextFrame();
    expect(actions).toEqual(['scroll_25', 'scroll_50', 'scroll_75', 'scroll_100']);
    stop();
    for (const key of ['scrollTop', 'clientHeight', 'scrollHeight'])
      Reflect.deleteProperty(root, key);
  });

  it('stops listening and cancels a pending frame', async () => {
    const actions: string[] = [];
    const stop = trackScroll(box, (action) => actions.push(action));
    scrollTo(box, 100);
    stop();
    await nextFrame();
    scrollTo(box, 100);
    await nextFrame();
    expect(actions).toEqual([]);
    expect(stop).not.toThrow();
  });

  it('ignores a box without content', async () => {
    setScrollGeometry(box, { scrollTop: 0, clientHeight: 0, scrollHeight: 0 });
    const actions: string[] = [];
    trackScroll(box, (action) => actions.push(action));
    await nextFrame();
    expect(actions).toEqual([]);
  });
});
