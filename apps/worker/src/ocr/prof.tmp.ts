import path from 'node:path';
import { createWorker, OEM } from 'tesseract.js';
import { makePictureOnlyPdf } from '../testing/make-scanned-pdf';
import { openTestPdf } from '../testing/open-test-pdf';
import { resolveOcrLanguage } from './ocr-engine';
import { encodePgm, rasterizePage } from './rasterize-page';

const w = await createWorker('eng', OEM.LSTM_ONLY, {
  langPath: resolveOcrLanguage('en').langPath,
  cacheMethod: 'none',
});
await w.setParameters({ user_defined_dpi: '300', tessedit_do_invert: '0' });
for (const noise of [0, 4]) {
  const img = await rasterizePage(await openTestPdf(await makePictureOnlyPdf({ noise })), 1);
  const t = performance.now();
  const r = await w.recognize(encodePgm(img), {}, { text: false, blocks: true });
  console.log('noise', noise, (performance.now() - t).toFixed(0));
  for (const b of r.data.blocks ?? [])
    for (const p of b.paragraphs)
      for (const l of p.lines)
        console.log(
          ' line',
          l.confidence.toFixed(0),
          l.bbox,
          l.words
            .map((x) => `${x.text}(${x.confidence.toFixed(0)}) ${JSON.stringify(x.bbox)}`)
            .join(' '),
        );
}
await w.terminate();
