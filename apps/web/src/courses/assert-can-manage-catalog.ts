import { canManageCatalog } from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { AppError } from '@/errors/app-error';

/** Throws unless the viewer may rename and merge institutions and subjects. */
export function assertCanManageCatalog(viewer: Viewer | null): asserts viewer is Viewer {
  if (!viewer) throw new AppError('unauthorized', 'Sign in as an admin to manage the catalogue.');
  if (!canManageCatalog(viewer)) {
    throw new AppError('forbidden', 'Only admins can rename or merge institutions and subjects.');
  }
}
