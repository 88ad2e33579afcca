import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { getViewer } from '@/auth/get-viewer';
import { safeNextPath } from '@/auth/safe-next-path';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';
import { assertSameOrigin } from '@/http/assert-same-origin';
import { errorResponse } from '@/http/error-response';
import { parseRouteId } from '@/http/parse-route-id';
import { readLimitedForm, SMALL_BODY_LIMIT } from '@/http/read-limited-body';
import { getConfig, getDbNow } from '@/server/server-context';

type Context = { params: Promise<{ id: string }> };
type Change<State> = (db: Kysely<Database>, viewer: Viewer | null, id: number) => Promise<State>;

/**
 * The handlers of a route that turns something on or off for the signed-in member (following a
 * course, bookmarking a document): PUT turns it on and DELETE off, both idempotent and answering
 * the new state as JSON; POST is the button's form, for before (or without) JavaScript.
 */
export function toggleRoute<State>({
  noun,
  on,
  off,
}: {
  noun: 'course' | 'document';
  on: Change<State>;
  off: Change<State>;
}) {
  async function set(request: Request, context: Context, value: boolean): Promise<State> {
    assertSameOrigin(request, getConfig().siteUrl);
    const id = parseRouteId((await context.params).id, noun);
    return (value ? on : off)(getDbNow(), await getViewer(), id);
  }

  async function answer(request: Request, context: Context, value: boolean): Promise<Response> {
    try {
      return Response.json(await set(request, context, value));
    } catch (error) {
      return errorResponse(error);
    }
  }

  return {
    PUT: (request: Request, context: Context) => answer(request, context, true),
    DELETE: (request: Request, context: Context) => answer(request, context, false),
    POST: async (request: Request, context: Context): Promise<Response> => {
      let next = '/';
      try {
        const form = await readToggleForm(request);
        next = form.next;
        await set(request, context, form.on);
        return toggleFormResponse(next);
      } catch (error) {
        return toggleFormResponse(next, error);
      }
    },
  };
}

/**
 * Follow and bookmark buttons are forms, so they work before (or without) JavaScript: the form
 * posts here and the browser goes back to the page it came from. A visitor who is not signed
 * in is sent to sign in and brought back.
 */
async function readToggleForm(request: Request): Promise<{ on: boolean; next: string }> {
  const form = await readLimitedForm(request, SMALL_BODY_LIMIT, 'Send intent=on or intent=off.');
  const intent = form.get('intent');
  if (intent !== 'on' && intent !== 'off') {
    throw new AppError('bad_request', 'Send intent=on or intent=off.');
  }
  return { on: intent === 'on', next: safeNextPath(form.get('next')) };
}

function toggleFormResponse(next: string, error?: unknown): Response {
  if (error instanceof AppError && error.code === 'unauthorized') {
    return seeOther(`/sign-in?next=${encodeURIComponent(next)}`);
  }
  if (error !== undefined) return errorResponse(error);
  return seeOther(next);
}

function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { location: path } });
}
