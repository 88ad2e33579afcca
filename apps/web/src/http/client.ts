import type { BodyInput, ParamsInput, QueryInput, ResponseOf, RouteContract } from './contract';
import type { ErrorBody } from './error-response';

export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; fields: Record<string, string> };

/**
 * What a call to this route needs: its path segments, query and body, typed by its contract;
 * `signal` cancels it, `cache` is fetch's (pollers say `no-store`).
 */
export type CallInput<Contract extends RouteContract> = (Contract['params'] extends object
  ? { params: ParamsInput<Contract> }
  : { params?: never }) &
  (Contract['query'] extends object ? { query?: QueryInput<Contract> } : { query?: never }) &
  BodyInput<Contract> & { signal?: AbortSignal; cache?: RequestCache };

/**
 * What the browser needs of a contract to call its route. A contract's schemas are zod, which
 * weighs about 30 KB compressed in the browser: components on the pages everyone lands on (the
 * header, a course, a document) pass this instead, spelt out, with the contract as a type
 * argument (`callRoute<typeof someContract>({ method, path }, …)` after an `import type`), and
 * the compiler holds the two to the contract's literal method and path.
 */
export type RouteAddress<Contract extends RouteContract> = Pick<Contract, 'method' | 'path'>;

export const UNREADABLE_ANSWER =
  'The answer from Coursepack arrived incomplete. Check your connection and try again.';

/**
 * Calls one of our API routes from the browser, by its contract (the route's `contract.ts`) or
 * its address, and returns its answer typed by that contract or its error in words (`fields`
 * maps form fields to their problem); never throws, a lost connection included, and never
 * reports success without the answer's data.
 */
export async function callRoute<const Contract extends RouteContract>(
  route: Contract | RouteAddress<Contract>,
  input: CallInput<Contract>,
): Promise<ApiResult<ResponseOf<Contract>>> {
  let response: Response;
  try {
    response = await fetch(urlOf(route, input as SentInput), {
      method: route.method,
      signal: input.signal,
      cache: input.cache,
      headers: input.json === undefined ? undefined : { 'content-type': 'application/json' },
      body: input.form ?? (input.json === undefined ? undefined : JSON.stringify(input.json)),
    });
  } catch {
    // Offline, or cancelled by `signal`.
    return {
      ok: false,
      status: 0,
      message: 'Could not reach Coursepack. Check your connection and try again.',
      fields: {},
    };
  }
  // Null when the body is empty, not JSON, or cut short: the connection dropped, or `signal`
  // cancelled the call after the headers came (typing on, in the search box).
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    // Every route answers its success with a JSON object: without one there is nothing to show.
    if (body === null) {
      return {
        ok: false,
        status: response.status,
        message: UNREADABLE_ANSWER,
        fields: {},
      };
    }
    return { ok: true, data: body as ResponseOf<Contract> };
  }
  const error = (body as Partial<ErrorBody> | null)?.error;
  const fields = error?.fields;
  return {
    ok: false,
    status: response.status,
    message: error?.message ?? `The server answered ${response.status}. Try again.`,
    fields: typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {},
  };
}

type SentInput = { params?: Record<string, string | number>; query?: object };

/** The contract's path with its `[segments]` filled in, and the query string. */
export function urlOf<const Contract extends RouteContract>(
  route: Contract | Pick<Contract, 'path'>,
  input: SentInput,
): string {
  const path = route.path.replace(/\[(\w+)\]/g, (_, name: string) =>
    encodeURIComponent(String(input.params?.[name] ?? '')),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) query.set(name, String(value));
  }
  return query.size > 0 ? `${path}?${query}` : path;
}
