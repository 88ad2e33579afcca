import { describe, expect, it } from 'vitest';
import { createSignature, createStringToSign, detectSignatureAlgorithm } from './create-signature';

describe('createSignature', () => {
  it("matches Cloudinary's documented example", () => {
    expect(createSignature({ public_id: 'sample_image', timestamp: 1315060510 }, 'abcd')).toBe(
      'b4ad47fb4e25c7bf5f92a20089f9db59bc302313',
    );
  });

  it('sorts parameters and leaves out file, cloud_name, resource_type, api_key and blanks', () => {
    expect(
      createStringToSign({
        timestamp: 1,
        public_id: 'a',
        file: 'data:...',
        cloud_name: 'c',
        resource_type: 'image',
        api_key: 'k',
        signature: 's',
        folder: '',
        tags: null,
        context: undefined,
        eager: ['w_1', 'w_2'],
      }),
    ).toBe('eager=w_1,w_2&public_id=a&timestamp=1');
  });

  it('encodes & inside a value so it cannot smuggle another parameter', () => {
    const smuggled = createStringToSign({ public_id: 'a&timestamp=2', timestamp: 1 });
    expect(smuggled).toBe('public_id=a%26timestamp=2&timestamp=1');
    expect(createSignature({ public_id: 'a&timestamp=2', timestamp: 1 }, 'abcd')).not.toBe(
      createSignature({ public_id: 'a', timestamp: '2' }, 'abcd'),
    );
  });

  it('signs with SHA-256 when asked, told apart by length', () => {
    const sha256 = createSignature({ public_id: 'x', timestamp: 1 }, 'abcd', 'sha256');
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(detectSignatureAlgorithm(sha256)).toBe('sha256');
    expect(detectSignatureAlgorithm('b4ad47fb4e25c7bf5f92a20089f9db59bc302313')).toBe('sha1');
    expect(detectSignatureAlgorithm('')).toBeUndefined();
    expect(detectSignatureAlgorithm('z'.repeat(40))).toBeUndefined();
    expect(detectSignatureAlgorithm('a'.repeat(41))).toBeUndefined();
  });
});
