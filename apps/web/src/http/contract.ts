import type { z } from 'zod';
import type { AppErrorCode } from '@/errors/app-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The contract of one API route, kept beside it in `contract.ts`: what the route accepts and
 * answers, who may call it. `route()` (http/route.ts) enforces it on the server and
 * `callRoute()` (http/client.ts) takes its types for the browser, so the two cannot drift.
 * Contracts import zod and types only: the browser can bundle them, though components on the
 * pages everyone lands on pass a contract's address instead (RouteAddress, http/client.ts).
 */
export interface RouteContract {
  method: HttpMethod;
  /** The URL in the app folder's own spelling: `/api/documents/[id]/bookmark`. */
  path: string;
  /** The path segments; a bad one is answered before anything else is read. */
  params?: z.ZodType<unknown, Record<string, string | string[]>>;
  /** The query string, one value per name; its first bad parameter is a 400 naming it. */
  query?: z.ZodType<unknown, Record<string, string | undefined>>;
  /**
   * What the body carries: JSON of this shape (at most 64 KB, read only when the handler asks,
   * after its permission checks; the domain function validates it, so one 400 can name every
   * problem, the database's included), or a multipart/url-encoded form the handler reads with
   * its own limit.
   */
  body?: { json: z.ZodType } | { form: true };
  /**
   * The JSON answer on success; a handler may answer a `Response` of its own instead. Checked
   * when compiling (the handler must return it), not at run time; `z.custom<DomainType>()` names
   * a domain type too large to restate.
   */
  response?: z.ZodType;
  /** The status of a JSON answer (200 unless said). */
  status?: number;
  /** Headers of a JSON answer (caching); errors never carry them. */
  headers?: Readonly<Record<string, string>>;
  /**
   * `viewer`: a 401 with `unauthorized`'s words unless signed in, before anything else;
   * `optional`: the viewer or null, read after the path and query parse, for the domain to judge.
   */
  auth?: 'viewer' | 'optional';
  unauthorized?: string;
  /** A cookie-authenticated mutation: refused (403) when sent from another site. */
  sameOrigin?: boolean;
  /** better-auth's client reads its errors bare, `{ code, message }`, not inside `error`. */
  errorShape?: 'better-auth';
}

/**
 * How a validation issue is answered, carried in a custom issue's `params` (by `idSegment`, or a
 * schema that reuses a domain parser's AppError): a 400 naming the parameter unless it says so.
 */
export interface IssueAnswer {
  code: AppErrorCode;
  details?: Record<string, unknown>;
}

export function defineContract<const Contract extends RouteContract>(contract: Contract): Contract {
  return contract;
}

type SchemaOutput<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
type SchemaInput<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;

export type ParamsOf<Contract extends RouteContract> = SchemaOutput<Contract['params']>;
export type QueryOf<Contract extends RouteContract> = SchemaOutput<Contract['query']>;
/** What the route answers as JSON: the response schema's input is what the handler returns. */
export type ResponseOf<Contract extends RouteContract> = SchemaInput<Contract['response']>;
export type ParamsInput<Contract extends RouteContract> = {
  [Name in keyof SchemaInput<Contract['params']>]: string | number;
};
export type QueryInput<Contract extends RouteContract> = SchemaInput<Contract['query']>;
/**
 * A JSON body as a browser form sends it: the schema's fields (a misspelt or missing one is a
 * type error), each also allowed as the text a form field holds, which the server then checks.
 */
type FormJson<Fields> = { [Name in keyof Fields]: Fields[Name] | string };

export type BodyInput<Contract extends RouteContract> = Contract['body'] extends {
  json: infer Schema extends z.ZodType;
}
  ? { json: FormJson<z.input<Schema>>; form?: never }
  : Contract['body'] extends { form: true }
    ? { form: FormData; json?: never }
    : { json?: never; form?: never };
