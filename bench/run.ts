/**
 * `npm run bench -- [area…]`: runs bench/<area>.ts for each named area, or every
 * benchmark when none is named. Each prints its own figures and ratios.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const benchDir = import.meta.dirname;
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.endsWith('.test.ts'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();
const requested = process.argv.slice(2);
const unknown = requested.filter((area) => !available.includes(area));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const area of requested.length > 0 ? requested : available) {
  console.log(`\n=== bench: ${area} ===`);
  const result = spawnSync(
    path.join(benchDir, '..', 'node_modules', '.bin', 'tsx'),
    [path.join(benchDir, `${area}.ts`)],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
