import { AppError } from './app-error';

export async function readJsonBody(request: Request): Promise<unknown> {
  return request.json().catch(() => {
    throw new AppError('bad_request', 'Send the fields as a JSON object.');
  });
}
