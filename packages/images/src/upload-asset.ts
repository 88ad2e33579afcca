import { createSignature } from './create-signature';

/**
 * Server-side client of the upload API, for our media service or Cloudinary alike.
 * Never import it into browser code: it holds the API secret.
 */

export interface MediaApiCredentials {
  /** `http://localhost:3002` for our service, `https://api.cloudinary.com` for Cloudinary. */
  apiBaseUrl: string;
  cloudName: string;
  apiKey: string;
  apiSecret: string;
}

export type UploadResourceType = 'image' | 'auto';

export interface UploadAssetInput {
  file: Uint8Array;
  filename: string;
  publicId?: string;
  /** `auto` for PDFs (and anything else); `image` for images. Default `auto`. */
  resourceType?: UploadResourceType;
  /** Replace an existing asset with the same public id. Default true (Cloudinary's default). */
  overwrite?: boolean;
}

/** The Cloudinary upload response fields Coursepack reads. */
export interface UploadedAsset {
  asset_id: string;
  public_id: string;
  version: number;
  width: number;
  height: number;
  format: string;
  bytes: number;
  /** Present for multi-page assets (PDFs). */
  pages?: number;
  resource_type: string;
  type: string;
  created_at: string;
  etag: string;
  signature: string;
  url: string;
  secure_url: string;
  original_filename?: string;
  [field: string]: unknown;
}

export type MediaApiErrorCode = 'request_failed' | 'network_error' | 'invalid_response';

export class MediaApiError extends Error {
  readonly code: MediaApiErrorCode;
  /** HTTP status, or 0 when no answer came back. */
  readonly status: number;

  constructor(code: MediaApiErrorCode, status: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MediaApiError';
    this.code = code;
    this.status = status;
  }
}

function apiUrl(credentials: MediaApiCredentials, resourceType: string, action: string): string {
  const base = credentials.apiBaseUrl.replace(/\/+$/, '');
  return `${base}/v1_1/${encodeURIComponent(credentials.cloudName)}/${resourceType}/${action}`;
}

function signedFields(
  credentials: MediaApiCredentials,
  params: Record<string, string>,
): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const toSign = { ...params, timestamp };
  return {
    ...toSign,
    api_key: credentials.apiKey,
    signature: createSignature(toSign, credentials.apiSecret),
  };
}

async function postForm<T>(url: string, form: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body: form });
  } catch (error) {
    throw new MediaApiError('network_error', 0, `Could not reach ${url}`, { cause: error });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new MediaApiError(
      'invalid_response',
      response.status,
      `${url} answered ${response.status} with a body that is not JSON`,
      { cause: error },
    );
  }
  if (!response.ok) {
    const message =
      typeof body === 'object' && body !== null && 'error' in body
        ? String((body as { error: { message?: unknown } }).error?.message ?? '')
        : '';
    throw new MediaApiError(
      'request_failed',
      response.status,
      message || `${url} answered ${response.status}`,
    );
  }
  return body as T;
}

export async function uploadAsset(
  credentials: MediaApiCredentials,
  input: UploadAssetInput,
): Promise<UploadedAsset> {
  const params: Record<string, string> = {};
  if (input.publicId !== undefined) params.public_id = input.publicId;
  if (input.overwrite !== undefined) params.overwrite = String(input.overwrite);
  const form = new FormData();
  for (const [key, value] of Object.entries(signedFields(credentials, params))) {
    form.append(key, value);
  }
  // Copy into a plain ArrayBuffer-backed view: Blob rejects views over SharedArrayBuffer.
  form.append('file', new Blob([new Uint8Array(input.file)]), input.filename);
  return postForm<UploadedAsset>(apiUrl(credentials, input.resourceType ?? 'auto', 'upload'), form);
}

export interface DestroyResult {
  result: 'ok' | 'not found';
}

export async function destroyAsset(
  credentials: MediaApiCredentials,
  publicId: string,
): Promise<DestroyResult> {
  const form = new FormData();
  for (const [key, value] of Object.entries(
    signedFields(credentials, { public_id: publicId, invalidate: 'true' }),
  )) {
    form.append(key, value);
  }
  return postForm<DestroyResult>(apiUrl(credentials, 'image', 'destroy'), form);
}
