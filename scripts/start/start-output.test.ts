import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStartOutput, describeDuration, reportProgress } from './start-output';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function recordedOutput() {
  const written: string[] = [];
  const output = createStartOutput((text) => written.push(text));
  return { output, written };
}

describe('createStartOutput', () => {
  it('prints every line a part writes behind its name, however the chunks split them', async () => {
    const { output, written } = recordedOutput();
    const stream = new PassThrough();
    output.forward(stream, 'web');
    stream.write('▲ Next.js 16\nRoute (app)\n├ ƒ /cou');
    stream.write('rses\n');
    stream.end('└ ƒ /upload');
    await vi.runAllTimersAsync();
    expect(written).toEqual([
      '[web]        ▲ Next.js 16\n',
      '[web]        Route (app)\n',
      '[web]        ├ ƒ /courses\n',
      '[web]        └ ƒ /upload\n',
    ]);
  });

  it('measures how long the terminal has been quiet since the last line', () => {
    const { output } = recordedOutput();
    vi.advanceTimersByTime(7_000);
    expect(output.quietForMs()).toBe(7_000);
    output.line('start', 'Seeding…');
    expect(output.quietForMs()).toBe(0);
  });
});

describe('reportProgress', () => {
  it('says which step start-up is in once nothing has been printed for a while (its hint once), and again while it lasts', () => {
    const { output, written } = recordedOutput();
    const progress = reportProgress({
      output,
      log: (line) => output.line('start', line),
      quietMs: 20_000,
    });
    progress.step('building the web app', 'A first build takes a few minutes.');
    vi.advanceTimersByTime(15_000);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(5_000);
    expect(written).toEqual([
      '[start]      Still building the web app (20 s so far). A first build takes a few minutes.\n',
    ]);
    vi.advanceTimersByTime(60_000);
    expect(written.at(-1)).toBe('[start]      Still building the web app (1 min 20 s so far).\n');
    expect(written).toHaveLength(4);
    progress.stop();
    vi.advanceTimersByTime(60_000);
    expect(written).toHaveLength(4);
  });

  it('stays silent while the step prints lines of its own', () => {
    const { output, written } = recordedOutput();
    const progress = reportProgress({ output, log: (line) => output.line('start', line) });
    progress.step('seeding the demo catalogue');
    for (let second = 0; second < 60; second += 10) {
      output.line('start', `Uploaded ${second} PDFs`);
      vi.advanceTimersByTime(10_000);
    }
    expect(written.filter((line) => line.includes('Still'))).toEqual([]);
    progress.stop();
  });

  it('counts the time of the current step, not of the whole start', () => {
    const { output, written } = recordedOutput();
    const progress = reportProgress({ output, log: (line) => output.line('start', line) });
    progress.step('starting PostgreSQL');
    vi.advanceTimersByTime(60_000);
    progress.step('starting the web app');
    output.line('web', 'Listening');
    vi.advanceTimersByTime(20_000);
    expect(written.at(-1)).toBe('[start]      Still starting the web app (20 s so far).\n');
    progress.stop();
  });
});

describe('describeDuration', () => {
  it('words seconds and minutes', () => {
    expect(describeDuration(4_400)).toBe('4 s');
    expect(describeDuration(120_000)).toBe('2 min');
    expect(describeDuration(185_000)).toBe('3 min 5 s');
  });
});
