import type { Migration } from 'kysely';
import * as catalog from './migrations/0001-catalog';
import * as events from './migrations/0002-events';
import * as accounts from './migrations/0003-accounts';
import * as search from './migrations/0004-search';
import * as analytics from './migrations/0005-analytics';
import * as uploads from './migrations/0006-uploads';
import * as limitCounters from './migrations/0007-limit-counters';
import * as processingJobs from './migrations/0008-processing-jobs';
import * as forgivingSearch from './migrations/0009-forgiving-search';
import * as additiveRollupRefresh from './migrations/0010-additive-rollup-refresh';
import * as leanerSearchIndex from './migrations/0011-leaner-search-index';
import * as pageTextLayers from './migrations/0012-page-text-layers';
import * as sessionSetTails from './migrations/0013-session-set-tails';
import * as filteredSearchIndex from './migrations/0014-filtered-search-index';
import * as joinedWords from './migrations/0015-joined-words';
import * as courseBreakdownSets from './migrations/0016-course-breakdown-sets';
import * as readEnds from './migrations/0017-read-ends';
import * as lighterRollupRefresh from './migrations/0018-lighter-rollup-refresh';
import * as searchPassages from './migrations/0019-search-passages';
import * as catalogNameKeys from './migrations/0021-catalog-name-keys';

/**
 * Every migration, in order. Listed statically (not read from a folder) so bundlers
 * and every runtime see the same set. Never edit one that has shipped: add the next, record
 * its checksum in migration-checksums.json and describe its tables in schema.ts (tests hold
 * both to it).
 */
export const migrations: Record<string, Migration> = {
  '0001-catalog': catalog,
  '0002-events': events,
  '0003-accounts': accounts,
  '0004-search': search,
  '0005-analytics': analytics,
  '0006-uploads': uploads,
  '0007-limit-counters': limitCounters,
  '0008-processing-jobs': processingJobs,
  '0009-forgiving-search': forgivingSearch,
  '0010-additive-rollup-refresh': additiveRollupRefresh,
  '0011-leaner-search-index': leanerSearchIndex,
  '0012-page-text-layers': pageTextLayers,
  '0013-session-set-tails': sessionSetTails,
  '0014-filtered-search-index': filteredSearchIndex,
  '0015-joined-words': joinedWords,
  '0016-course-breakdown-sets': courseBreakdownSets,
  '0017-read-ends': readEnds,
  '0018-lighter-rollup-refresh': lighterRollupRefresh,
  '0019-search-passages': searchPassages,
  '0021-catalog-name-keys': catalogNameKeys,
};
