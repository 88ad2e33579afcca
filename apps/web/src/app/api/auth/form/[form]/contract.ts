import { z } from 'zod';
import { defineContract } from '@/http/contract';

// POST /api/auth/form/{sign-in|sign-up} – the sign-in and sign-up forms without JavaScript:
// a redirect on, or back to the form with the failure in the query. submitAuthForm checks the
// form's name (404) and then the origin (403), in that order, so there is no `sameOrigin` here.
export const authFormContract = defineContract({
  method: 'POST',
  path: '/api/auth/form/[form]',
  params: z.object({ form: z.string() }),
  body: { form: true },
});
