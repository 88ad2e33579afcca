import { safeNextPath } from '@/auth/safe-next-path';
import { AppError, errorResponse } from './app-error';

/**
 * Follow and bookmark buttons are forms, so they work before (or without) JavaScript: the form
 * posts here and the browser goes back to the page it came from. A visitor who is not signed
 * in is sent to sign in and brought back.
 */
export async function readToggleForm(request: Request): Promise<{ on: boolean; next: string }> {
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get('intent');
  if (intent !== 'on' && intent !== 'off') {
    throw new AppError('bad_request', 'Send intent=on or intent=off.');
  }
  return { on: intent === 'on', next: safeNextPath(form.get('next')) };
}

export function toggleFormResponse(next: string, error?: unknown): Response {
  if (error instanceof AppError && error.code === 'unauthorized') {
    return seeOther(`/sign-in?next=${encodeURIComponent(next)}`);
  }
  if (error !== undefined) return errorResponse(error);
  return seeOther(next);
}

function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { location: path } });
}
