import { z } from 'zod';
import { AppError } from '@/errors/app-error';
import { errorResponse } from '@/http/error-response';
import { MAX_QUERY_LENGTH } from '@/search/parse-search-query';
import { suggestTitles } from '@/search/suggest-titles';
import { getDb } from '@/server/server-context';

const SuggestQuery = z.object({
  q: z
    .string({ error: 'q (the text typed so far) is required' })
    .max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`),
});

// GET /api/search/suggest?q= – course and document titles for the text typed so far
export async function GET(request: Request): Promise<Response> {
  try {
    const parsed = SuggestQuery.safeParse({
      q: new URL(request.url).searchParams.get('q') ?? undefined,
    });
    if (!parsed.success) {
      throw new AppError('bad_request', parsed.error.issues.map((i) => i.message).join('. '));
    }
    const result = await suggestTitles(await getDb(), parsed.data.q);
    // Everyone gets the same answer for the same text: let browsers and CDNs reuse it briefly.
    return Response.json(result, {
      headers: { 'cache-control': 'public, max-age=60, stale-while-revalidate=300' },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
