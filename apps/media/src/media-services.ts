import path from 'node:path';
import type { MediaConfig } from './config';
import { type DeliveryHooks, DeliveryService } from './deliver/delivery-service';
import { HotAnswers } from './deliver/hot-answers';
import { PdfRenderer } from './derive/pdf-renderer';
import { AssetStore, type RawFileRecord } from './store/asset-store';
import { NamedTransformations } from './store/named-transformations';

/** What the routes work with: the stores, the PDF renderer and the delivery pipeline. */
export interface MediaServices {
  config: MediaConfig;
  assets: AssetStore;
  rawFiles: AssetStore<RawFileRecord>;
  pdf: PdfRenderer;
  named: NamedTransformations;
  delivery: DeliveryService;
  /** Absent when hot answers are off (tests that count every request routed). */
  hot?: HotAnswers;
}

export function createMediaServices(
  config: MediaConfig,
  options: { hooks?: DeliveryHooks; hotAnswers?: boolean },
): MediaServices {
  const assets = new AssetStore(config.mediaDir);
  // Raw files are another namespace, as at Cloudinary: `x` may be an image and a raw file.
  const rawFiles = new AssetStore<RawFileRecord>(path.join(config.mediaDir, 'raw'));
  const pdf = new PdfRenderer({
    workers: config.pdfWorkers,
    heapMb: config.pdfWorkerHeapMb,
    timeoutMs: config.pdfRenderTimeoutMs,
    maxRenderGrowthMb: config.pdfMaxRenderGrowthMb,
    maxContentBytes: config.pdfMaxContentBytes,
    maxImagePixels: config.maxSourcePixels,
    maxPageImageBytes: config.pdfMaxPageImageBytes,
    workersPerDocument: config.pdfWorkersPerDocument,
    maxQueuedPerDocument: config.pdfMaxQueuedPerDocument,
    breaker: {
      timeouts: config.pdfBreakerTimeouts,
      coolDownMs: config.pdfBreakerCoolDownMs,
      maxCoolDownMs: config.pdfBreakerMaxCoolDownMs,
    },
  });
  const named = new NamedTransformations(config.mediaDir);
  const delivery = new DeliveryService(config, assets, pdf, named, options.hooks);
  const hot =
    options.hotAnswers === false
      ? undefined
      : new HotAnswers(
          {
            asset: (publicId) => assets.peek(publicId),
            named: (name) => named.peek(name),
          },
          (memoryKey) => delivery.cachedBody(memoryKey),
        );
  return { config, assets, rawFiles, pdf, named, delivery, hot };
}
