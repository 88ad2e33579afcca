import { describe, expect, it } from 'vitest';
import { buildEvent } from './build-event';
import { TrackerError } from './tracker-error';

const REQUIRED = { type: 'doc', name: 'viewer', action: 'open' };

function errorOf(run: () => unknown): TrackerError {
  try {
    run();
  } catch (error) {
    if (error instanceof TrackerError) return error;
    throw error;
  }
  throw new Error('expected a TrackerError');
}

describe('buildEvent', () => {
  it('merges the call over the configured defaults', () => {
    expect(
      buildEvent(
        {
          environment: 'production',
          app: 'web',
          client: 'browser',
          url_path_version: 'v1',
          ...REQUIRED,
        },
        { action: 'download', related_entity: 'document', action_meta: { page: 2 } },
      ),
    ).toEqual({
      environment: 'production',
      app: 'web',
      client: 'browser',
      url_path_version: 'v1',
      type: 'doc',
      name: 'viewer',
      action: 'download',
      related_entity: 'document',
      action_meta: { page: 2 },
    });
  });

  it('keeps a default when the call passes undefined or null', () => {
    expect(buildEvent(REQUIRED, { name: undefined, type: null as unknown as string })).toEqual(
      REQUIRED,
    );
  });

  it('leaves out configuration keys and unknown fields', () => {
    const config = { ...REQUIRED, endpoint: '/events', cookieName: 'x', presence: {}, video: true };
    const event = buildEvent(config, { extra: 1 } as never);
    expect(event).toEqual(REQUIRED);
  });

  it.each([
    ['type', '`type` is required for event in either the hook or the trackAction'],
    ['action', '`action` is required for event in either the hook or the trackAction'],
    ['name', '`name` is required for event in either the hook or the trackAction'],
  ] as const)('requires %s with the exact message', (field, message) => {
    const error = errorOf(() => buildEvent({}, { ...REQUIRED, [field]: undefined }));
    expect(error.message).toBe(message);
    expect(error.code).toBe('field_required');
    expect(error.name).toBe('TrackerError');
    expect(error).toBeInstanceOf(Error);
  });

  it('treats an empty string as missing', () => {
    expect(errorOf(() => buildEvent({}, { ...REQUIRED, name: '' })).message).toBe(
      '`name` is required for event in either the hook or the trackAction',
    );
  });

  it('reports type first, then action, then name', () => {
    expect(errorOf(() => buildEvent({}, {})).message).toMatch(/^`type`/);
    expect(errorOf(() => buildEvent({}, { type: 't' })).message).toMatch(/^`action`/);
  });

  it('converts numeric-string ids to integers', () => {
    expect(
      buildEvent(REQUIRED, { related_id: '12', course_id: '007', doc_id: '999999999999999' }),
    ).toMatchObject({ related_id: 12, course_id: 7, doc_id: 999_999_999_999_999 });
    expect(buildEvent({ ...REQUIRED, doc_id: 0 }, {})).toMatchObject({ doc_id: 0 });
  });

  it.each([
    ['abc'],
    [''],
    [' 12'],
    ['12 '],
    ['1e3'],
    ['0x1f'],
    ['-5'],
    ['1.5'],
    ['9999999999999999'], // 16 digits: could round
    [1.5],
    [-1],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [2 ** 53],
    [true],
    [{}],
    [[1]],
  ])('rejects the id %j with a clear error', (value) => {
    for (const field of ['related_id', 'course_id', 'doc_id'] as const) {
      const error = errorOf(() => buildEvent(REQUIRED, { [field]: value as never }));
      expect(error.message).toBe(`\`${field}\` must be an integer or a string of digits`);
      expect(error.code).toBe('field_invalid');
    }
  });

  it('passes a caller-supplied date through', () => {
    expect(buildEvent(REQUIRED, { date: '2025-01-01T00:00:00.000Z' }).date).toBe(
      '2025-01-01T00:00:00.000Z',
    );
  });
});
