import { getAuth } from '@/auth/auth-instance';
import { submitAuthForm } from '@/auth/submit-auth-form';
import { errorResponse } from '@/http/error-response';
import { getConfig } from '@/server/server-context';

// POST /api/auth/form/{sign-in|sign-up} – the sign-in and sign-up forms without JavaScript.
export async function POST(
  request: Request,
  { params }: { params: Promise<{ form: string }> },
): Promise<Response> {
  try {
    const auth = getAuth();
    return await submitAuthForm(auth.handler, request, (await params).form, getConfig().siteUrl);
  } catch (error) {
    return errorResponse(error);
  }
}
