import { describe, expect, it } from 'vitest';
import { captureTrafficSource, parseTrafficSource } from './capture-traffic-source';

const HOST = 'app.coursepack.test';

describe('captureTrafficSource', () => {
  it('records every utm_* parameter and sets the utm flag', () => {
    expect(
      captureTrafficSource(
        '?utm_source=news&utm_medium=email&utm_campaign=spring%20sale&utm_custom_x=1&page=2',
        '',
        HOST,
      ),
    ).toEqual({
      utm: true,
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring sale',
      utm_custom_x: '1',
    });
  });

  it('records referred_by without setting the utm flag', () => {
    expect(captureTrafficSource('?referred_by=alice', '', HOST)).toEqual({ referred_by: 'alice' });
  });

  it('records a referrer from another site', () => {
    expect(captureTrafficSource('', 'https://news.example.org/post?id=1', HOST)).toEqual({
      referrer: 'https://news.example.org/post?id=1',
    });
  });

  it.each([
    'https://app.coursepack.test/courses',
    'https://coursepack.test/',
    'https://www.coursepack.test:8443/x',
    'http://docs.app.coursepack.test/',
  ])('treats a referrer from the site itself (%s) as navigation', (referrer) => {
    expect(captureTrafficSource('', referrer, HOST)).toBeNull();
  });

  it('does not mistake a look-alike domain for the site', () => {
    expect(captureTrafficSource('', 'https://evilcoursepack.test/', HOST)).toEqual({
      referrer: 'https://evilcoursepack.test/',
    });
  });

  it('compares with the host itself on two-label and local hosts', () => {
    expect(captureTrafficSource('', 'http://localhost:3000/a', 'localhost')).toBeNull();
    expect(captureTrafficSource('', 'https://other.test/', 'localhost')).toEqual({
      referrer: 'https://other.test/',
    });
  });

  it('is not a landing without parameters or referrer', () => {
    expect(captureTrafficSource('', '', HOST)).toBeNull();
    expect(captureTrafficSource('?page=2&utm=1&xutm_source=a', '', HOST)).toBeNull();
    expect(captureTrafficSource('?referred_by=', 'not a url', HOST)).toBeNull();
  });

  it('clips hostile values so every event of the visit stays acceptable', () => {
    const huge = 'x'.repeat(10_000);
    const source = captureTrafficSource(
      `?utm_source=${huge}&referred_by=${huge}`,
      `https://a.test/${huge}`,
      HOST,
    );
    expect(source?.utm_source).toHaveLength(200);
    expect(source?.referred_by).toHaveLength(200);
    expect(source?.referrer).toHaveLength(200);
  });

  it('takes the last value of a repeated parameter', () => {
    expect(captureTrafficSource('?utm_source=a&utm_source=b', '', HOST)).toEqual({
      utm: true,
      utm_source: 'b',
    });
  });
});

describe('parseTrafficSource', () => {
  it('reads what captureTrafficSource stored', () => {
    const source = captureTrafficSource('?utm_source=a&referred_by=b', 'https://x.test/', HOST);
    expect(parseTrafficSource(JSON.stringify(source))).toEqual(source);
  });

  it.each([undefined, '', 'not json', '5', 'null', '"text"', '{"unterminated":'])(
    'treats %j as no source',
    (raw) => {
      expect(parseTrafficSource(raw)).toEqual({});
    },
  );
});
