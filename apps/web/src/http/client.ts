import type { ErrorBody } from '@/http/error-response';

export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; fields: Record<string, string> };

/**
 * Calls one of our API routes from the browser and returns its answer or its error in words
 * (`fields` maps form fields to their problem); never throws, a lost connection included.
 */
export async function callApi<T>(
  path: string,
  init: { method: string; json?: unknown; form?: FormData },
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method,
      headers: init.json === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    });
  } catch {
    return {
      ok: false,
      status: 0,
      message: 'Could not reach Coursepack. Check your connection and try again.',
      fields: {},
    };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, data: body as T };
  const error = (body as Partial<ErrorBody> | null)?.error;
  const fields = error?.fields;
  return {
    ok: false,
    status: response.status,
    message: error?.message ?? `The server answered ${response.status}. Try again.`,
    fields: typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {},
  };
}
