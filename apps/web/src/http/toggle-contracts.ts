import { z } from 'zod';
import { defineContract } from './contract';
import { idSegment } from './route-id';

/**
 * The contracts of a route that turns something on or off for the signed-in member (following a
 * course, bookmarking a document): PUT on, DELETE off, both idempotent and answering the new
 * state; POST is the button's form (`intent=on|off`, `next`), for before (or without) JavaScript,
 * answered with a redirect. Who may is the domain's call (`auth: 'optional'`): a visitor who is
 * not signed in gets a 401, or from the form a redirect to sign in.
 */
export function toggleContracts<const Path extends string, const State extends z.ZodType>(
  path: Path,
  noun: 'course' | 'document',
  state: State,
) {
  const shared = {
    path,
    params: z.object({ id: idSegment(noun) }),
    auth: 'optional',
    sameOrigin: true,
  } as const;
  return {
    PUT: defineContract({ ...shared, method: 'PUT', response: state }),
    DELETE: defineContract({ ...shared, method: 'DELETE', response: state }),
    POST: defineContract({ ...shared, method: 'POST', body: { form: true } }),
  };
}

export type ToggleContracts = ReturnType<typeof toggleContracts>;
