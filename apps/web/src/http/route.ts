import type { z } from 'zod';
import { getViewer } from '@/auth/get-viewer';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';
import { isDatabaseDown } from '@/server/database-health';
import { getConfig } from '@/server/server-context';
import { assertSameOrigin } from './assert-same-origin';
import type { IssueAnswer, ParamsOf, QueryOf, ResponseOf, RouteContract } from './contract';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  errorHeaders,
  errorResponse,
  toErrorBody,
} from './error-response';
import { readJsonBody } from './read-json-body';

type ViewerOf<Contract extends RouteContract> = Contract['auth'] extends 'viewer'
  ? Viewer
  : Contract['auth'] extends 'optional'
    ? Viewer | null
    : undefined;

export interface RouteInput<Contract extends RouteContract> {
  request: Request;
  params: ParamsOf<Contract>;
  query: QueryOf<Contract>;
  viewer: ViewerOf<Contract>;
  /** The JSON body, read when called (at most 64 KB): call it after the permission checks. */
  readJson: () => Promise<unknown>;
}

export type RouteHandler<Contract extends RouteContract> = (
  input: RouteInput<Contract>,
) => Promise<ResponseOf<Contract> | Response>;

/** What Next hands a route handler: the dynamic segments (none on a static route). */
type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * The one request pipeline of the API (in the spirit of Dub's `withWorkspace`): the handler
 * receives a request that has passed its contract, in this order — same origin (a 403), the
 * required viewer (a 401, before anything else is looked at), the path (`idSegment`: a 404),
 * the query (a 400 naming the parameter), then the optional viewer — and returns the JSON
 * answer, or a `Response` of its own (text, a redirect). Anything thrown, before or inside the
 * handler, is answered by `errorResponse`, the one error mapping.
 */
export function route<const Contract extends RouteContract>(
  contract: Contract,
  handler: RouteHandler<Contract>,
): (request: Request, context?: NextContext) => Promise<Response> {
  return async (request, context) => {
    try {
      // While a request has found PostgreSQL unreachable, the others do not each wait for it
      // again: a 503 at once, until a probe (at most one every 2 s) gets through.
      if (await isDatabaseDown()) throw new AppError('unavailable', DATABASE_UNAVAILABLE_MESSAGE);
      if (contract.sameOrigin) assertSameOrigin(request, getConfig().siteUrl);
      const required = contract.auth === 'viewer' ? await requireViewer(contract) : undefined;
      const params = parseOrAnswer(contract.params, (await context?.params) ?? {});
      const query = parseOrAnswer(contract.query, queryOf(request));
      const viewer = contract.auth === 'optional' ? await getViewer() : required;
      const result = await handler({
        request,
        params: params as ParamsOf<Contract>,
        query: query as QueryOf<Contract>,
        viewer: viewer as ViewerOf<Contract>,
        readJson: () => readJsonBody(request),
      });
      if (result instanceof Response) return result;
      return Response.json(result, { status: contract.status ?? 200, headers: contract.headers });
    } catch (error) {
      return contract.errorShape === 'better-auth'
        ? bareErrorResponse(error)
        : errorResponse(error);
    }
  };
}

async function requireViewer(contract: RouteContract): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) throw new AppError('unauthorized', contract.unauthorized ?? 'Sign in to do this.');
  return viewer;
}

/** One value per parameter, the first of repeated ones (as `URLSearchParams.get` reads). */
function queryOf(request: Request): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) query[name] ??= value;
  return query;
}

/**
 * The parsed value, or the AppError of the first issue: the code and details its schema chose
 * (`IssueAnswer`), else a 400 with the issue's words naming the parameter.
 */
function parseOrAnswer(schema: z.ZodType | undefined, input: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const parameter = issue?.path[0];
  const answer = issue?.code === 'custom' ? (issue.params as IssueAnswer | undefined) : undefined;
  throw new AppError(
    answer?.code ?? 'bad_request',
    issue?.message ?? 'The request is malformed.',
    answer
      ? answer.details
      : parameter === undefined
        ? undefined
        : { parameter: String(parameter) },
  );
}

function bareErrorResponse(error: unknown): Response {
  const { status, body } = toErrorBody(error);
  return Response.json(body.error, { status, headers: errorHeaders(status, error) });
}
