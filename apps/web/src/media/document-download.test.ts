import { manyPagePdf } from '@coursepack/hostile-files/hostile-pdfs';
import { uploadAsset } from '@coursepack/images/upload-asset';
import {
  startTestMediaService,
  type TestMediaService,
} from '@coursepack/media/testing/start-test-media-service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTestConfig } from '@/testing/server-context-double';

vi.mock('server-only', () => ({}));
vi.mock('@/server/server-context', () => import('@/testing/server-context-double'));

const { documentPdfUrl } = await import('./media-urls');

let media: TestMediaService;

beforeAll(async () => {
  media = await startTestMediaService();
  setTestConfig({
    mediaBaseUrl: media.delivery.baseUrl,
    mediaCloudName: media.delivery.cloudName,
  });
});

afterAll(() => media.close());

describe('documentPdfUrl', () => {
  it('is answered by the media service as a download named after the title, the PDF unchanged', async () => {
    const pdf = await manyPagePdf(2, 2);
    const asset = await uploadAsset(media.credentials, {
      file: pdf,
      filename: 'notes.pdf',
      publicId: 'documents/3f0c9b1e-uuid-like-id',
      resourceType: 'auto',
    });
    const response = await fetch(
      documentPdfUrl(asset.public_id, 'Électricité & Magnétisme — Week 3: Maxwell’s equations'),
      // Not kept alive: closing the media app would wait the connection out, past the hook's time.
      { headers: { connection: 'close' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="electricite-magnetisme-week-3-maxwell-s-equations.pdf"; filename*=UTF-8''electricite-magnetisme-week-3-maxwell-s-equations.pdf`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf);
  });
});
