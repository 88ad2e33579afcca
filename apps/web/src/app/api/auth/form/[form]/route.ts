import { getAuth } from '@/auth/auth-instance';
import { submitAuthForm } from '@/auth/submit-auth-form';
import { route } from '@/http/route';
import { getConfig } from '@/server/server-context';
import { authFormContract } from './contract';

// POST /api/auth/form/{sign-in|sign-up} – the sign-in and sign-up forms without JavaScript.
export const POST = route(authFormContract, ({ request, params }) =>
  submitAuthForm(getAuth().handler, request, params.form, getConfig().siteUrl),
);
