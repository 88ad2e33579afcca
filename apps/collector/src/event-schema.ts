import type { Options as AjvOptions, ErrorObject, KeywordDefinition } from 'ajv';
import type { FieldError } from './collector-error';

/**
 * The collector's contract for one request body, as JSON Schema: one event payload (what the
 * tracker sends) or an array of up to 100. Fastify compiles it with `collectorAjvOptions`;
 * anyone else validating events (tests, tools, another service) compiles the same module with
 * Ajv + ajv-formats and the same options. docs/collector.md and docs/tracking.md describe the
 * fields; the TypeScript shape the tracker sends is `TrackerPayload` (@coursepack/tracker/event).
 *
 * Unknown fields are accepted and ignored, so an older collector never refuses a newer tracker.
 */

export const MAX_EVENTS_PER_REQUEST = 100;
/** Names, actions and labels. */
export const MAX_SHORT_TEXT = 200;
/** URLs and paths. */
export const MAX_URL_TEXT = 2048;
export const ACTION_META_MAX_DEPTH = 5;
export const ACTION_META_MAX_BYTES = 4096;

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const UUID_V7 =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$';
// PostgreSQL text and jsonb cannot hold U+0000: refuse it here rather than fail a whole batch.
const NO_NUL = '^[^\\u0000]*$';

const text = (maxLength: number) => ({ type: 'string', maxLength, pattern: NO_NUL }) as const;
const requiredText = (maxLength: number) =>
  ({ type: 'string', minLength: 1, maxLength, pattern: NO_NUL }) as const;
/** Integers, or strings of digits, which the contract turns into integers (docs/tracking.md). */
const id = {
  type: ['integer', 'string'],
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
  pattern: '^[0-9]{1,15}$',
} as const;

export const cookieSchema = {
  type: 'object',
  required: ['session_id', 'path', 'path_with_params'],
  properties: {
    session_id: { type: 'string', pattern: UUID },
    path: requiredText(MAX_URL_TEXT),
    path_with_params: requiredText(MAX_URL_TEXT),
    utm: { type: 'boolean' },
    referrer: text(MAX_URL_TEXT),
    referred_by: text(MAX_SHORT_TEXT),
  },
  patternProperties: { '^utm_': text(MAX_SHORT_TEXT) },
} as const;

export const eventPayloadSchema = {
  type: 'object',
  required: ['event_id', 'type', 'name', 'action', 'cookie', 'location'],
  properties: {
    event_id: { type: 'string', pattern: UUID_V7 },
    type: requiredText(MAX_SHORT_TEXT),
    name: requiredText(MAX_SHORT_TEXT),
    action: requiredText(MAX_SHORT_TEXT),
    date: { type: 'string', format: 'date-time', maxLength: 40 },
    environment: text(MAX_SHORT_TEXT),
    app: text(MAX_SHORT_TEXT),
    url_path_version: text(MAX_SHORT_TEXT),
    client: text(MAX_SHORT_TEXT),
    related_id: id,
    related_entity: text(MAX_SHORT_TEXT),
    course_id: id,
    doc_id: id,
    action_meta: {
      type: 'object',
      jsonLimits: { maxDepth: ACTION_META_MAX_DEPTH, maxBytes: ACTION_META_MAX_BYTES },
    },
    cookie: cookieSchema,
    location: requiredText(MAX_URL_TEXT),
  },
} as const;

/** The route's body schema; a single event is wrapped into a one-element array before validation. */
export const eventBatchSchema = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_EVENTS_PER_REQUEST,
  items: eventPayloadSchema,
} as const;

/** What the schema accepts (ids may still be digit strings). */
export interface AcceptedPayload {
  event_id: string;
  type: string;
  name: string;
  action: string;
  date?: string;
  environment?: string;
  app?: string;
  url_path_version?: string;
  client?: string;
  related_id?: number | string;
  related_entity?: string;
  course_id?: number | string;
  doc_id?: number | string;
  action_meta?: Record<string, unknown>;
  cookie: {
    session_id: string;
    path: string;
    path_with_params: string;
    utm?: boolean;
    referrer?: string;
    referred_by?: string;
    [utmParameter: `utm_${string}`]: string | boolean | undefined;
  };
  location: string;
}

/**
 * `jsonLimits: { maxDepth, maxBytes }`: nesting depth (the object itself is depth 1) and
 * serialised UTF-8 size of a free-form JSON value, and no U+0000 in its keys or strings.
 */
export const jsonLimitsKeyword: KeywordDefinition = {
  keyword: 'jsonLimits',
  schemaType: 'object',
  errors: true,
  validate: function validateJsonLimits(
    limits: { maxDepth: number; maxBytes: number },
    data: unknown,
  ): boolean {
    const self = validateJsonLimits as { errors?: Partial<ErrorObject>[] };
    const fail = (message: string) => {
      self.errors = [{ keyword: 'jsonLimits', message, params: limits }];
      return false;
    };
    const problem = inspectJson(data, limits.maxDepth);
    if (problem === 'depth') return fail(`must be nested at most ${limits.maxDepth} levels deep`);
    if (problem === 'nul') return fail('must not contain U+0000 characters');
    const bytes = Buffer.byteLength(JSON.stringify(data));
    if (bytes > limits.maxBytes) {
      return fail(`must be at most ${limits.maxBytes} bytes as JSON (got ${bytes})`);
    }
    return true;
  },
};

/** Walks no deeper than `maxDepth + 1`, so hostile nesting costs nothing and cannot overflow. */
function inspectJson(value: unknown, maxDepth: number, depth = 0): 'depth' | 'nul' | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? 'nul' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth + 1 > maxDepth) return 'depth';
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return 'nul';
    const problem = inspectJson(child, maxDepth, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Ajv options the schema is written for: every error reported (bounded: at most 100 events of
 * bounded fields), no type coercion, nothing removed or defaulted, the `jsonLimits` keyword.
 */
export const collectorAjvOptions: AjvOptions = {
  allErrors: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  allowUnionTypes: true,
  keywords: [jsonLimitsKeyword],
};

const FIELD_RULES: Record<string, string> = {
  event_id: 'must be a UUIDv7',
  session_id: 'must be a UUID',
  related_id: 'must be a non-negative integer or a string of up to 15 digits',
  course_id: 'must be a non-negative integer or a string of up to 15 digits',
  doc_id: 'must be a non-negative integer or a string of up to 15 digits',
  date: 'must be an ISO 8601 date-time with a time zone (e.g. 2026-01-31T12:00:00.000Z)',
};

/**
 * Ajv errors as one message per invalid field. `batch` tells whether the client sent an array
 * (fields are then prefixed with the event's index: `[3].doc_id`).
 */
export function formatValidationErrors(
  errors: readonly Partial<ErrorObject>[],
  batch: boolean,
): FieldError[] {
  const byField = new Map<string, string>();
  for (const error of errors) {
    const segments = (error.instancePath ?? '').split('/').slice(1).map(unescapePointer);
    if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty?: string } | undefined)?.missingProperty;
      if (missing) segments.push(missing);
    }
    const field = fieldName(segments, batch);
    if (byField.has(field)) continue;
    byField.set(field, describe(error, segments, field));
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

function fieldName(segments: string[], batch: boolean): string {
  const [index, ...rest] = segments;
  if (index === undefined) return 'body';
  if (!batch) return rest.length === 0 ? 'body' : rest.join('.');
  return rest.length === 0 ? `[${index}]` : `[${index}].${rest.join('.')}`;
}

function describe(error: Partial<ErrorObject>, segments: string[], field: string): string {
  const leaf = segments.at(-1) ?? '';
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'minItems':
      return 'must hold at least one event';
    case 'maxItems':
      return `must hold at most ${MAX_EVENTS_PER_REQUEST} events`;
    case 'minLength':
      return 'must not be empty';
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'jsonLimits':
      return error.message ?? 'is invalid';
    case 'type':
      if (FIELD_RULES[leaf]) return FIELD_RULES[leaf];
      if (field === 'body' || /^\[\d+\]$/.test(field)) {
        return 'must be an event object or an array of event objects';
      }
      return `must be ${article(String(params.type))}`;
    case 'pattern':
      return FIELD_RULES[leaf] ?? 'must not contain U+0000 characters';
    default:
      return FIELD_RULES[leaf] ?? error.message ?? 'is invalid';
  }
}

function article(type: string): string {
  if (type === 'object' || type === 'integer' || type === 'array') return `an ${type}`;
  return `a ${type}`;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
