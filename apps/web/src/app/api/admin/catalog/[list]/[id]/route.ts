import { assertCanManageCatalog } from '@/courses/assert-can-manage-catalog';
import { renameCatalogEntry } from '@/courses/rename-catalog-entry';
import { route } from '@/http/route';
import { getDbNow } from '@/server/server-context';
import { renameCatalogEntryContract } from './contract';

// PATCH /api/admin/catalog/[list]/[id] – rename an institution or subject (admins)
export const PATCH = route(renameCatalogEntryContract, async ({ params, viewer, readJson }) => {
  // Permission before the body: a member's request is answered without reading it.
  assertCanManageCatalog(viewer);
  const entry = await renameCatalogEntry(getDbNow(), viewer, {
    ...params,
    changes: await readJson(),
  });
  return { entry };
});
