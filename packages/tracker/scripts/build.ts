// `npm run build -w @coursepack/tracker`: writes dist/tracker.js and prints its size.
import {
  buildStandalone,
  measure,
  STANDALONE_GZIP_LIMIT,
  STANDALONE_PATH,
} from './build-standalone';

const size = measure(await buildStandalone());
console.log(
  `${STANDALONE_PATH}: ${size.minified} B minified, ${size.gzipped} B gzipped (limit ${STANDALONE_GZIP_LIMIT} B)`,
);
if (size.gzipped > STANDALONE_GZIP_LIMIT) {
  console.error('The standalone tracker is over its size limit.');
  process.exitCode = 1;
}
