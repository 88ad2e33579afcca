import { describe, expect, it } from 'vitest';
import { createUserAgentParser, parseUserAgent } from './parse-user-agent';
import { CHROME_DESKTOP_UA, GOOGLEBOT_UA, IPHONE_UA } from './testing/make-payload';

describe('parseUserAgent', () => {
  it('reads browser, OS and device of a desktop browser', () => {
    expect(parseUserAgent(CHROME_DESKTOP_UA)).toEqual({
      browser: 'Chrome',
      browser_version: '124.0.0.0',
      os: 'Windows',
      os_version: '10',
      device: 'desktop',
      device_vendor: null,
      device_model: null,
      is_bot: false,
    });
  });

  it('reads a phone', () => {
    expect(parseUserAgent(IPHONE_UA)).toMatchObject({
      browser: 'Mobile Safari',
      os: 'iOS',
      device: 'mobile',
      device_vendor: 'Apple',
      device_model: 'iPhone',
      is_bot: false,
    });
  });

  it('flags crawlers, headless browsers and HTTP tools as bots', () => {
    for (const ua of [
      GOOGLEBOT_UA,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.31.0',
    ]) {
      expect(parseUserAgent(ua).is_bot, ua).toBe(true);
    }
  });

  it('counts a missing user agent as a bot and leaves the rest empty', () => {
    expect(parseUserAgent('')).toEqual({
      browser: null,
      browser_version: null,
      os: null,
      os_version: null,
      device: null,
      device_vendor: null,
      device_model: null,
      is_bot: true,
    });
  });

  it('survives garbage and huge strings', () => {
    expect(parseUserAgent('\u0000\u{1F600}<script>').device).toBeNull();
    expect(parseUserAgent(`Mozilla/5.0 ${'x'.repeat(100_000)}`)).toBeTypeOf('object');
  });
});

describe('createUserAgentParser', () => {
  it('memoises results and treats a missing header as empty', () => {
    const parse = createUserAgentParser();
    expect(parse(CHROME_DESKTOP_UA)).toBe(parse(` ${CHROME_DESKTOP_UA} `));
    expect(parse(undefined)).toEqual(parseUserAgent(''));
  });
});
