import { route } from '@/http/route';
import { suggestTitles } from '@/search/suggest-titles';
import { getDb } from '@/server/server-context';
import { suggestContract } from './contract';

// GET /api/search/suggest?q= – course and document titles for the text typed so far
export const GET = route(suggestContract, async ({ query }) =>
  suggestTitles(await getDb(), query.q),
);
