import { z } from 'zod';
import { readRef } from '@/catalog/refs';
import { CATALOG_LISTS } from '@/courses/catalog-lists';
import { defineContract, type IssueAnswer } from '@/http/contract';

/** `/api/admin/catalog/{institutions|subjects}/{id}`: an id that cannot be one names nothing (404). */
export const catalogEntryParams = z.object({
  list: z.enum(CATALOG_LISTS, { error: 'list must be institutions or subjects' }),
  id: z.string().transform((text, context) => {
    const ref = readRef(text);
    if (typeof ref !== 'string') return ref.id;
    const answer: IssueAnswer = { code: 'not_found' };
    context.addIssue({ code: 'custom', message: `There is no entry "${text}".`, params: answer });
    return z.NEVER;
  }),
});

const entry = z.object({ id: z.number(), name: z.string() });

// PATCH /api/admin/catalog/[list]/[id] – rename an institution or subject (admins)
export const renameCatalogEntryContract = defineContract({
  method: 'PATCH',
  path: '/api/admin/catalog/[list]/[id]',
  params: catalogEntryParams,
  sameOrigin: true,
  auth: 'viewer',
  unauthorized: 'Sign in as an admin to manage the catalogue.',
  body: { json: z.object({ name: z.string() }) },
  response: z.object({ entry }),
});

// POST /api/admin/catalog/[list]/[id]/merge – move its courses to another and delete it (admins)
export const mergeCatalogEntryContract = defineContract({
  method: 'POST',
  path: '/api/admin/catalog/[list]/[id]/merge',
  params: catalogEntryParams,
  sameOrigin: true,
  auth: 'viewer',
  unauthorized: 'Sign in as an admin to manage the catalogue.',
  body: { json: z.object({ into: z.number() }) },
  response: z.object({ into: entry, movedCourses: z.number() }),
});
