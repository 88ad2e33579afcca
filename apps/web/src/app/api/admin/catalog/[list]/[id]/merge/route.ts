import { assertCanManageCatalog } from '@/courses/assert-can-manage-catalog';
import { mergeCatalogEntries } from '@/courses/merge-catalog-entries';
import { route } from '@/http/route';
import { getDbNow } from '@/server/server-context';
import { mergeCatalogEntryContract } from '../contract';

// POST /api/admin/catalog/[list]/[id]/merge – move its courses to another and delete it (admins)
export const POST = route(mergeCatalogEntryContract, async ({ params, viewer, readJson }) => {
  // Permission before the body: a member's request is answered without reading it.
  assertCanManageCatalog(viewer);
  return mergeCatalogEntries(getDbNow(), viewer, { ...params, target: await readJson() });
});
