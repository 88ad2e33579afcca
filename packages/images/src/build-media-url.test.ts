import { describe, expect, it } from 'vitest';
import { buildMediaUrl, buildOriginalUrl, buildTransformation } from './build-media-url';
import { createMediaLoader } from './create-media-loader';

const ours = { baseUrl: 'http://localhost:3002/', cloudName: 'coursepack' };
const cloudinary = { baseUrl: 'https://res.cloudinary.com', cloudName: 'coursepack' };

describe('buildMediaUrl', () => {
  it('defaults to automatic quality and format', () => {
    expect(buildMediaUrl(ours, 'covers/course-1', { width: 640 })).toBe(
      'http://localhost:3002/coursepack/image/upload/f_auto,q_auto,w_640/covers/course-1',
    );
  });

  it('produces the same path for our service and res.cloudinary.com', () => {
    const options = {
      width: 300,
      height: 200,
      crop: 'fill',
      gravity: 'auto',
      version: 17,
    } as const;
    const a = buildMediaUrl(ours, 'docs/x', options);
    const b = buildMediaUrl(cloudinary, 'docs/x', options);
    expect(a.replace('http://localhost:3002', '')).toBe(
      b.replace('https://res.cloudinary.com', ''),
    );
    expect(b).toBe(
      'https://res.cloudinary.com/coursepack/image/upload/c_fill,f_auto,g_auto,h_200,q_auto,w_300/v17/docs/x',
    );
  });

  it('writes every option in alphabetical order', () => {
    expect(
      buildTransformation({
        width: 10,
        height: 20,
        crop: 'pad',
        gravity: 'north',
        quality: 70,
        format: 'webp',
        dpr: 2,
        aspectRatio: '16:9',
        page: 3,
      }),
    ).toBe('ar_16:9,c_pad,dpr_2.0,f_webp,g_north,h_20,pg_3,q_70,w_10');
  });

  it('escapes public id segments but keeps folders', () => {
    expect(buildMediaUrl(ours, '/a b/ü?#', {})).toBe(
      'http://localhost:3002/coursepack/image/upload/f_auto,q_auto/a%20b/%C3%BC%3F%23',
    );
  });

  it('refuses impossible values rather than building a URL the service rejects', () => {
    expect(() => buildMediaUrl(ours, 'x', { width: 0 })).toThrow(RangeError);
    expect(() => buildMediaUrl(ours, 'x', { width: 1.5 })).toThrow(RangeError);
    expect(() => buildMediaUrl(ours, 'x', { quality: 101 })).toThrow(RangeError);
    expect(() => buildMediaUrl(ours, 'x', { dpr: 9 })).toThrow(RangeError);
    expect(() => buildMediaUrl(ours, '', {})).toThrow(RangeError);
  });
});

describe('buildOriginalUrl', () => {
  it('points at the untransformed original with its extension', () => {
    expect(
      buildOriginalUrl(
        { baseUrl: 'http://localhost:3002/', cloudName: 'coursepack' },
        'documents/linear algebra/notes',
        'pdf',
      ),
    ).toBe('http://localhost:3002/coursepack/image/upload/documents/linear%20algebra/notes.pdf');
  });

  it('asks for a download under the given name, and refuses a name the services would not', () => {
    const ours = { baseUrl: 'http://localhost:3002', cloudName: 'coursepack' };
    expect(buildOriginalUrl(ours, 'documents/x', 'pdf', { attachment: 'week-3_notes' })).toBe(
      'http://localhost:3002/coursepack/image/upload/fl_attachment:week-3_notes/documents/x.pdf',
    );
    expect(() => buildOriginalUrl(ours, 'documents/x', 'pdf', { attachment: '../x' })).toThrow(
      RangeError,
    );
  });
});

describe('createMediaLoader', () => {
  it('maps next/image widths and an explicit quality', () => {
    const loader = createMediaLoader(cloudinary, { crop: 'limit' });
    expect(loader({ src: 'covers/a', width: 828 })).toBe(
      'https://res.cloudinary.com/coursepack/image/upload/c_limit,f_auto,q_auto,w_828/covers/a',
    );
    expect(loader({ src: 'covers/a', width: 16, quality: 90 })).toContain('q_90,w_16/');
  });
});
