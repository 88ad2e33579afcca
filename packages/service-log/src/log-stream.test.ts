import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogStream, formatLogLine } from './log-stream';

// 12:03:04 in the test's own time zone, which is what the lines show.
const time = new Date(2026, 10, 24, 12, 3, 4).getTime();
const pinoLine = (fields: object) =>
  `${JSON.stringify({ level: 40, time, pid: 4242, hostname: 'box', ...fields })}\n`;

describe('formatLogLine', () => {
  it('writes the time, level and message, then the other fields as key=value', () => {
    expect(
      formatLogLine(pinoLine({ msg: 'slow derivation', publicId: 'demo/cover', ms: 812 })),
    ).toBe('12:03:04 WARN  slow derivation publicId=demo/cover ms=812\n');
  });

  it('quotes values a reader could split wrongly, and writes objects as JSON', () => {
    expect(
      formatLogLine(
        pinoLine({ level: 30, msg: 'shutting down', why: 'two words', req: { id: 1 } }),
      ),
    ).toBe('12:03:04 INFO  shutting down why="two words" req={"id":1}\n');
  });

  it('follows the line with the error’s stack, indented', () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at flush (app.ts:1)' };
    expect(formatLogLine(pinoLine({ level: 50, msg: 'flush failed', err }))).toBe(
      '12:03:04 ERROR flush failed\n  Error: boom\n      at flush (app.ts:1)\n',
    );
  });

  it('passes lines that are not pino’s JSON through unchanged', () => {
    expect(formatLogLine('Listening on port 3001\n')).toBe('Listening on port 3001\n');
    expect(formatLogLine('[1,2]\n')).toBe('[1,2]\n');
  });
});

describe('createLogStream', () => {
  it('leaves production to pino’s JSON lines', () => {
    expect(createLogStream({ NODE_ENV: 'production' })).toBeUndefined();
  });

  it('makes a pino logger write readable lines outside production', () => {
    const written: string[] = [];
    const stream = createLogStream({ NODE_ENV: 'development' }, (text) => written.push(text));
    if (!stream) throw new Error('expected a stream outside production');
    const logger = pino({ timestamp: () => `,"time":${time}` }, stream);
    logger.warn({ key: 'value' }, 'AUTH_SECRET not set');
    expect(written).toEqual(['12:03:04 WARN  AUTH_SECRET not set key=value\n']);
  });
});
