import type { DeliveryService } from '../deliver/delivery-service';
import { deriveEager, parseEagerParam } from '../derive/eager-transformations';
import { MediaError } from '../media-error';
import { applyIncomingTransformation, readIncomingTransformation } from './incoming-transformation';
import {
  detectSourceFormat,
  imageDeliveryPath,
  storeUploadedFile,
  type UploadContext,
  type UploadInput,
  type UploadResourceType,
  type UploadResponse,
} from './store-uploaded-file';

/**
 * What the upload API calls: an upload with what it asks done to it, its incoming
 * transformation (kept in place of the original) and its eager derivations (made before the
 * answer). Both are checked before anything is stored, so a transformation no delivery could
 * make refuses the upload whole.
 */
export async function uploadAsset(
  input: UploadInput,
  type: UploadResourceType,
  context: UploadContext & { delivery: DeliveryService },
): Promise<UploadResponse> {
  const { config, delivery } = context;
  refuseAccessControl(input.params);
  const eager = parseEagerParam(input.params.eager);
  const incoming = type === 'image' ? readIncomingTransformation(input.params) : undefined;
  if (eager.length > 0 && type === 'raw') {
    throw new MediaError('invalid_request', 'Eager transformations apply to images, not raw files');
  }
  if (incoming && detectSourceFormat(input.bytes) === 'pdf') {
    throw new MediaError(
      'invalid_request',
      'Incoming transformations (transformation, format) apply to images, not PDFs',
    );
  }
  // Read as a delivery URL would be: what no delivery could make refuses the upload whole.
  const asked = [...eager, ...(incoming ? [incoming] : [])];
  for (const { transformation } of asked) {
    const check = { publicId: 'upload-check', version: 1 };
    await delivery.parse(imageDeliveryPath(config, check, 'jpg', transformation));
  }

  let response = await storeUploadedFile(input, type, context);
  if (type === 'raw') return response;
  delivery.forget(response.public_id);
  if (incoming) {
    // Stored again under the id just chosen: a made-up id is made up once.
    const params = { ...input.params, public_id: response.public_id, overwrite: 'true' };
    response = await applyIncomingTransformation(delivery, config, incoming, response, (bytes) =>
      storeUploadedFile({ ...input, bytes, params }, type, context),
    );
    delivery.forget(response.public_id);
  }
  if (eager.length > 0) {
    const asset = {
      publicId: response.public_id,
      version: response.version,
      format: response.format ?? 'jpg',
    };
    response.eager = await deriveEager(delivery, config, asset, eager);
  }
  return response;
}

/**
 * Every asset here is public, as `type: upload` is at Cloudinary. An upload asking for private
 * or authenticated delivery (or `access_mode: authenticated`) expects its original to be
 * withheld: it is refused, never stored public in silence.
 */
function refuseAccessControl(params: Readonly<Record<string, string>>): void {
  if (params.type !== undefined && params.type !== '' && params.type !== 'upload') {
    throw new MediaError(
      'invalid_request',
      `Unsupported delivery type ${params.type}: this service stores public assets only (type upload)`,
    );
  }
  if (
    params.access_mode !== undefined &&
    params.access_mode !== '' &&
    params.access_mode !== 'public'
  ) {
    throw new MediaError(
      'invalid_request',
      `Unsupported access mode ${params.access_mode}: this service stores public assets only`,
    );
  }
}
