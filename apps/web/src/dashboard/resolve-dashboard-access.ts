import type { AnalyticsScope } from '@coursepack/analytics/analytics-scope';
import type { Database, DocumentStatus } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import {
  canOpenDashboard,
  canViewCourse,
  canViewCourseAnalytics,
  canViewDocument,
  isAdmin,
} from '@/auth/permissions';
import type { Viewer } from '@/auth/viewer';
import { MAX_ROW_ID } from '@/catalog/refs';

/** Which dashboard is asked for: the viewer's overview, one course, or one document. */
export type DashboardTarget =
  | { kind: 'overview' }
  | { kind: 'course'; courseId: number }
  | { kind: 'document'; documentId: number };

export interface DashboardCourse {
  id: number;
  slug: string;
  title: string;
  code: string | null;
  ownerId: string | null;
  published: boolean;
}

export interface DashboardDocument {
  id: number;
  slug: string;
  title: string;
  pageCount: number;
  ownerId: string | null;
  published: boolean;
  status: DocumentStatus;
  course: DashboardCourse;
}

/** What a dashboard shows, with the analytics scope it queries. */
export type DashboardView =
  | { kind: 'site'; scope: AnalyticsScope }
  | { kind: 'courses'; scope: AnalyticsScope; courseCount: number }
  | { kind: 'course'; scope: AnalyticsScope; course: DashboardCourse }
  | { kind: 'document'; scope: AnalyticsScope; document: DashboardDocument };

export type DashboardAccess =
  | { status: 'signed-out' }
  /** Signed in, but neither an admin nor the owner of any course. */
  | { status: 'no-courses' }
  /** Unknown, or a draft (course or document) the viewer may not see: its existence is not told. */
  | { status: 'not-found' }
  /** The course (of the document) is someone else's; answered as the stats API does, 403. */
  | { status: 'forbidden' }
  | { status: 'allowed'; view: DashboardView };

/**
 * Who sees which dashboard, by the same rules as the stats API: admins everything (the overview
 * is the whole site), course owners their own courses and documents (the overview is all of
 * their courses). Drafts count: an owner may want figures for a course before publishing it. To
 * anyone who may not see a draft course (or an unfinished document), it is not found, as on
 * every other page and route, rather than forbidden, which would tell that it exists.
 */
export async function resolveDashboardAccess(
  db: Kysely<Database>,
  viewer: Viewer | null,
  target: DashboardTarget,
): Promise<DashboardAccess> {
  if (!viewer) return { status: 'signed-out' };
  if (target.kind === 'overview') {
    if (isAdmin(viewer))
      return { status: 'allowed', view: { kind: 'site', scope: { kind: 'site' } } };
    const owned = await db
      .selectFrom('courses')
      .select('id')
      .where('owner_id', '=', viewer.id)
      .execute();
    if (!canOpenDashboard(viewer, owned.length)) return { status: 'no-courses' };
    const courseIds = owned.map((course) => course.id);
    return {
      status: 'allowed',
      view: {
        kind: 'courses',
        scope: { kind: 'courses', courseIds },
        courseCount: courseIds.length,
      },
    };
  }
  if (target.kind === 'course') {
    if (target.courseId > MAX_ROW_ID) return { status: 'not-found' };
    const course = await findDashboardCourse(db, target.courseId);
    if (!course || !canViewCourse(viewer, permissionFields(course))) return { status: 'not-found' };
    if (!canViewCourseAnalytics(viewer, permissionFields(course))) return { status: 'forbidden' };
    return {
      status: 'allowed',
      view: { kind: 'course', scope: { kind: 'course', courseId: course.id }, course },
    };
  }
  if (target.documentId > MAX_ROW_ID) return { status: 'not-found' };
  const document = await findDashboardDocument(db, target.documentId);
  if (
    !document ||
    !canViewDocument(
      viewer,
      { ...permissionFields(document), status: document.status },
      permissionFields(document.course),
    )
  ) {
    return { status: 'not-found' };
  }
  if (!canViewCourseAnalytics(viewer, permissionFields(document.course)))
    return { status: 'forbidden' };
  return {
    status: 'allowed',
    view: { kind: 'document', scope: { kind: 'document', documentId: document.id }, document },
  };
}

/** What the permission predicates read of a course or document. */
function permissionFields(row: { ownerId: string | null; published: boolean }) {
  return { owner_id: row.ownerId, published: row.published };
}

/** A course as the dashboard names it, published or not. */
export async function findDashboardCourse(
  db: Kysely<Database>,
  courseId: number,
): Promise<DashboardCourse | undefined> {
  const row = await db
    .selectFrom('courses')
    .select(['id', 'slug', 'title', 'code', 'owner_id', 'published'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      slug: row.slug,
      title: row.title,
      code: row.code,
      ownerId: row.owner_id,
      published: row.published,
    }
  );
}

async function findDashboardDocument(
  db: Kysely<Database>,
  documentId: number,
): Promise<DashboardDocument | undefined> {
  const row = await db
    .selectFrom('documents as d')
    .innerJoin('courses as c', 'c.id', 'd.course_id')
    .select([
      'd.id',
      'd.slug',
      'd.title',
      'd.page_count',
      'd.owner_id',
      'd.published',
      'd.status',
      'c.id as course_id',
      'c.slug as course_slug',
      'c.title as course_title',
      'c.code as course_code',
      'c.owner_id as course_owner_id',
      'c.published as course_published',
    ])
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      slug: row.slug,
      title: row.title,
      pageCount: row.page_count,
      ownerId: row.owner_id,
      published: row.published,
      status: row.status,
      course: {
        id: row.course_id,
        slug: row.course_slug,
        title: row.course_title,
        code: row.course_code,
        ownerId: row.course_owner_id,
        published: row.course_published,
      },
    }
  );
}
