import { describe, expect, it } from 'vitest';
import { parseEnv, type Rule } from './parse-env';
import { byteSize, flag, httpUrl, integer, logLevel, oneOf, port, trustProxy } from './rules';

/** What `rule` makes of `value`, or the one line it reports. */
function read<T>(rule: Rule<T>, value: string | undefined): T | string {
  try {
    return parseEnv({ X: value }, { X: rule }).X;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('integer rules', () => {
  it('take whole numbers within bounds and the fallback when unset', () => {
    expect(read(integer(5, 0, 10), '0')).toBe(0);
    expect(read(integer(5, 0, 10), '10')).toBe(10);
    expect(read(integer(5, 0, 10), undefined)).toBe(5);
    expect(read(port(3000), '65535')).toBe(65_535);
    expect(read(byteSize(2048, 1024, 4096), '1024')).toBe(1024);
  });

  it('refuse fractions, signs, exponents, hex and values out of bounds', () => {
    for (const value of ['1.5', '-1', '+1', '1e3', '0x10', '0', '70000', 'abc']) {
      expect(read(port(3000), value), value).toBe(
        `X must be an integer between 1 and 65535 (got ${JSON.stringify(value)})`,
      );
    }
    expect(read(byteSize(2048, 1024, 4096), '12abc')).toBe(
      'X must be a number of bytes between 1024 and 4096 (got "12abc")',
    );
  });
});

describe('oneOf and flag', () => {
  it('take one of the words and say which are accepted', () => {
    expect(read(oneOf(['a', 'b', 'c'], 'b'), undefined)).toBe('b');
    expect(read(oneOf(['a', 'b', 'c'], 'b'), 'c')).toBe('c');
    expect(read(oneOf(['a', 'b', 'c'], 'b'), 'd')).toBe('X must be "a", "b" or "c" (got "d")');
    expect(read(logLevel, undefined)).toBe('info');
  });

  it('read switches as booleans', () => {
    expect(read(flag(false), 'true')).toBe(true);
    expect(read(flag(false), undefined)).toBe(false);
    expect(read(flag(true, ['on', 'off']), 'off')).toBe(false);
    expect(read(flag(true, ['on', 'off']), 'yes')).toBe('X must be "on" or "off" (got "yes")');
  });
});

describe('httpUrl', () => {
  it('takes http(s) URLs without their trailing slashes', () => {
    expect(read(httpUrl, 'https://example.org/base//')).toBe('https://example.org/base');
    expect(read(httpUrl, 'ftp://example.org')).toBe(
      'X must be an http(s) URL (got "ftp://example.org")',
    );
    expect(read(httpUrl, 'nope')).toBe('X must be an http(s) URL (got "nope")');
  });
});

describe('trustProxy', () => {
  it('reads the TRUST_PROXY grammar and defaults to false', () => {
    expect(read(trustProxy, undefined)).toBe(false);
    expect(read(trustProxy, '2')).toBe(2);
    expect(read(trustProxy, '10.0.0.0/8, ::1')).toEqual(['10.0.0.0/8', '::1']);
    expect(read(trustProxy, '10.0.0.0/33')).toBe(
      'X must be true, false, a hop count, or comma-separated proxy addresses/CIDRs (got "10.0.0.0/33")',
    );
  });
});
