import { readFileSync } from 'node:fs';
import { extractPdfText } from '../apps/worker/src/documents/extract-pdf-text';
for (const f of process.argv.slice(2)) {
  const t0 = performance.now();
  try {
    const r = await extractPdfText(new Uint8Array(readFileSync(f)));
    console.log(f, 'recognised', r.recognised, JSON.stringify(r.pages[0]?.slice(0, 90)), `${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } catch (e) { console.log(f, 'ERROR', String(e)); }
}
