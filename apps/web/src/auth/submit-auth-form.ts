import { AppError } from '@/errors/app-error';
import { type Flash, withFlash } from '@/feedback/flash-messages';
import { assertSameOrigin } from '@/http/assert-same-origin';
import { SESSION_COOKIE_NAME } from './create-auth';
import { readBoundedBody } from './limit-auth-requests';
import { safeNextPath } from './safe-next-path';

/**
 * The sign-in and sign-up forms as a browser posts them without JavaScript (URL-encoded), and
 * the better-auth endpoint each is passed on to as JSON, through the same handler (and so the
 * same limits) as the forms' JavaScript; a new member is welcomed on the page they go on to.
 */
const AUTH_FORMS: Record<
  string,
  { endpoint: string; page: string; fields: readonly string[]; welcome?: Flash }
> = {
  'sign-in': { endpoint: '/sign-in/email', page: '/sign-in', fields: ['email', 'password'] },
  'sign-up': {
    endpoint: '/sign-up/email',
    page: '/sign-up',
    fields: ['name', 'email', 'password'],
    welcome: 'welcome',
  },
};

/** What a form page shows after a failed post: the status and better-auth's code, never text. */
export interface AuthFormFailure {
  status: number;
  code?: string;
}

/** Reads the failure a form post sent the visitor back with (`?status=401&code=…`). */
export function readAuthFormFailure(params: Record<string, unknown>): AuthFormFailure | null {
  const status = Number(params.status);
  if (!Number.isInteger(status) || status < 400 || status > 599) return null;
  const { code } = params;
  return typeof code === 'string' && /^[A-Z_]{1,64}$/.test(code) ? { status, code } : { status };
}

const seeOther = (location: string, headers = new Headers()) => {
  headers.set('location', location);
  return new Response(null, { status: 303, headers });
};

/**
 * Signs in or up from a posted form: on success, on to the `next` path with the session cookie
 * (or to "check your inbox" when the address must be confirmed first); on failure, back to the
 * form's page with the failure in the query.
 */
export async function submitAuthForm(
  handle: (request: Request) => Promise<Response>,
  request: Request,
  formName: string,
  siteUrl: string,
): Promise<Response> {
  const form = Object.hasOwn(AUTH_FORMS, formName) ? AUTH_FORMS[formName] : undefined;
  if (!form) throw new AppError('not_found', `There is no form called "${formName}".`);
  assertSameOrigin(request, siteUrl);
  const text = await readBoundedBody(request);
  if (text instanceof Response) return text;
  const posted = new URLSearchParams(text);
  const next = safeNextPath(posted.get('next'));
  const body = Object.fromEntries(
    form.fields.map((field) => {
      const value = posted.get(field) ?? '';
      return [field, field === 'password' ? value : value.trim()];
    }),
  );
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  const response = await handle(
    new Request(`${siteUrl}/api/auth${form.endpoint}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...body, callbackURL: next }),
    }),
  );
  if (response.ok) {
    const setCookies = response.headers.getSetCookie();
    // Without a session (the address must be confirmed first) there is nothing to go on to.
    const signedIn = setCookies.some((cookie) => cookie.includes(`${SESSION_COOKIE_NAME}=`));
    const cookies = new Headers();
    for (const cookie of setCookies) cookies.append('set-cookie', cookie);
    const signedInPage = form.welcome ? withFlash(next, form.welcome) : next;
    return seeOther(signedIn ? signedInPage : '/sign-in?checkEmail=1', cookies);
  }
  const { code } = (await response.json().catch(() => ({}))) as { code?: unknown };
  const failure = new URLSearchParams({ status: String(response.status), next });
  if (typeof code === 'string') failure.set('code', code);
  return seeOther(`${form.page}?${failure}`);
}
