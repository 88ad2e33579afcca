/**
 * `npm run bench -- tracker`: what the tracker costs a page to download — minified and gzipped
 * (level 9) sizes of the core with scroll and presence, the script-tag build and the React
 * bindings — next to the trackers of Umami, Plausible and Snowplow, measured the same way on
 * this machine. The standalone's hard limit (3,072 B) is asserted by the tracker's tests.
 */
import {
  measureTrackerSizes,
  STANDALONE_GZIP_LIMIT,
} from '../packages/tracker/scripts/build-standalone';

// gzip -9 of each project's published browser script, measured for issue 3.
const PEERS = [
  { name: 'Umami (script.js)', gzipped: 2_239 },
  { name: 'Plausible (script.js)', gzipped: 2_694 },
  { name: 'Snowplow (sp.js)', gzipped: 17_402 },
];

const sizes = await measureTrackerSizes();
const rows = [
  { name: 'core: createTracker + scroll + presence (ESM)', ...sizes.core },
  { name: 'standalone: dist/tracker.js (IIFE)', ...sizes.standalone },
  { name: 'react bindings (without core and React)', ...sizes.react },
];

const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(`${'bundle'.padEnd(48)}${pad('minified B', 12)}${pad('gzip -9 B', 11)}`);
for (const row of rows) {
  console.log(`${row.name.padEnd(48)}${pad(row.minified, 12)}${pad(row.gzipped, 11)}`);
}
console.log('');
console.log(
  `${'standalone vs peers (gzip -9)'.padEnd(48)}${pad('peer B', 12)}${pad('ours/peer', 11)}`,
);
for (const peer of PEERS) {
  const ratio = (sizes.standalone.gzipped / peer.gzipped).toFixed(2);
  console.log(`${peer.name.padEnd(48)}${pad(peer.gzipped, 12)}${pad(ratio, 11)}`);
}
const headroom = STANDALONE_GZIP_LIMIT - sizes.standalone.gzipped;
console.log(
  `\nhard limit ${STANDALONE_GZIP_LIMIT} B gzipped: ${headroom >= 0 ? `${headroom} B to spare` : `${-headroom} B over`}`,
);
