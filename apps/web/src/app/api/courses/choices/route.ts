import { suggestCatalogNames } from '@/courses/suggest-catalog-names';
import { route } from '@/http/route';
import { getDb } from '@/server/server-context';
import { courseChoicesContract } from './contract';

// GET /api/courses/choices?list=institutions&q= – existing institutions or subjects for the text typed so far
export const GET = route(courseChoicesContract, async ({ query }) =>
  suggestCatalogNames(await getDb(), query.list, query.q),
);
