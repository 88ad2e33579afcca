import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { safeNextPath } from '@/auth/safe-next-path';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';
import { type Flash, withFlash } from '@/feedback/flash-messages';
import { getDbNow } from '@/server/server-context';
import type { ResponseOf } from './contract';
import { readLimitedForm, SMALL_BODY_LIMIT } from './read-limited-body';
import { route } from './route';
import type { ToggleContracts } from './toggle-contracts';

/**
 * The PUT, DELETE and POST handlers of a toggle route (see `toggleContracts`); `set` turns the
 * thing on or off for the viewer and answers its new state. The form post (no JavaScript) goes
 * back to its page with the confirmation `flashes` names for on and off.
 */
export function toggleRoute<Contracts extends ToggleContracts>(
  contracts: Contracts,
  set: (
    db: Kysely<Database>,
    viewer: Viewer | null,
    id: number,
    on: boolean,
  ) => Promise<ResponseOf<Contracts['PUT']> & ResponseOf<Contracts['DELETE']>>,
  flashes: { on: Flash; off: Flash },
) {
  return {
    PUT: route(contracts.PUT, ({ params, viewer }) => set(getDbNow(), viewer, params.id, true)),
    DELETE: route(contracts.DELETE, ({ params, viewer }) =>
      set(getDbNow(), viewer, params.id, false),
    ),
    POST: route(contracts.POST, async ({ request, params, viewer }) => {
      const form = await readToggleForm(request);
      try {
        await set(getDbNow(), viewer, params.id, form.on);
      } catch (error) {
        // A visitor who is not signed in is sent to sign in, and brought back.
        if (error instanceof AppError && error.code === 'unauthorized') {
          return seeOther(`/sign-in?next=${encodeURIComponent(form.next)}`);
        }
        throw error;
      }
      return seeOther(withFlash(form.next, form.on ? flashes.on : flashes.off));
    }),
  };
}

async function readToggleForm(request: Request): Promise<{ on: boolean; next: string }> {
  const form = await readLimitedForm(request, SMALL_BODY_LIMIT, 'Send intent=on or intent=off.');
  const intent = form.get('intent');
  if (intent !== 'on' && intent !== 'off') {
    throw new AppError('bad_request', 'Send intent=on or intent=off.');
  }
  return { on: intent === 'on', next: safeNextPath(form.get('next')) };
}

function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { location: path } });
}
