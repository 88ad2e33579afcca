import { vi } from 'vitest';

/**
 * Stands in for the media service's upload and destroy calls. In a test file:
 * `vi.mock('@coursepack/images/upload-asset', () => import('@/testing/fake-media').then((m) => m.fakeMedia));`
 * then import `fakeMedia` to check and steer the calls; `resetFakeMedia()` before each test.
 */
export const fakeMedia = {
  uploadAsset: vi.fn(async (_credentials: unknown, input: { publicId: string }) => ({
    public_id: input.publicId,
  })),
  destroyAsset: vi.fn(async (_credentials: unknown, _publicId: string) => ({ result: 'ok' })),
};

/** The media credentials the code under test passes on; nothing answers at this address. */
export const MEDIA_CREDENTIALS = {
  apiBaseUrl: 'http://media.test',
  cloudName: 'test',
  apiKey: 'k',
  apiSecret: 's',
};

/** Forgets the calls and any steering, back to uploads that succeed and destroys that say ok. */
export function resetFakeMedia(): void {
  fakeMedia.uploadAsset.mockReset();
  fakeMedia.destroyAsset.mockReset();
  fakeMedia.uploadAsset.mockImplementation(async (_credentials, input) => ({
    public_id: input.publicId,
  }));
  fakeMedia.destroyAsset.mockImplementation(async () => ({ result: 'ok' }));
}
