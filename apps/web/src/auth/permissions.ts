import type { Viewer } from './viewer';

/**
 * Who may do what, in one place (every mutation and every private read checks one of these on
 * the server). Admins may do everything; course owners manage their courses and see their
 * analytics; members manage the documents they uploaded.
 */
interface Owned {
  owner_id: string | null;
}

export function isAdmin(viewer: Viewer | null): boolean {
  return viewer?.role === 'admin';
}

export function canCreateCourse(viewer: Viewer | null): boolean {
  return viewer !== null;
}

/** Renaming and merging institutions and subjects changes every course filed under them. */
export function canManageCatalog(viewer: Viewer | null): boolean {
  return isAdmin(viewer);
}

export function canEditCourse(viewer: Viewer | null, course: Owned): boolean {
  return viewer !== null && (isAdmin(viewer) || course.owner_id === viewer.id);
}

/** Any member may contribute to a published course; its owner and admins also to a draft. */
export function canUploadToCourse(
  viewer: Viewer | null,
  course: Owned & { published: boolean },
): boolean {
  return viewer !== null && (course.published || canEditCourse(viewer, course));
}

/** The uploader, the course's owner (moderation) and admins. */
export function canEditDocument(viewer: Viewer | null, document: Owned, course: Owned): boolean {
  return (
    viewer !== null &&
    (isAdmin(viewer) || document.owner_id === viewer.id || course.owner_id === viewer.id)
  );
}

/** Unpublished or unfinished documents are visible to those who may edit them. */
export function canViewDocument(
  viewer: Viewer | null,
  document: Owned & { published: boolean; status: string },
  course: Owned & { published: boolean },
): boolean {
  if (document.published && document.status === 'ready' && course.published) return true;
  return canEditDocument(viewer, document, course);
}

export function canViewCourse(
  viewer: Viewer | null,
  course: Owned & { published: boolean },
): boolean {
  return course.published || canEditCourse(viewer, course);
}

/** Following and bookmarking are for members, and only of what they can see. */
export function canFollowCourse(
  viewer: Viewer | null,
  course: Owned & { published: boolean },
): viewer is Viewer {
  return viewer !== null && canViewCourse(viewer, course);
}

export function canBookmarkDocument(
  viewer: Viewer | null,
  document: Owned & { published: boolean; status: string },
  course: Owned & { published: boolean },
): viewer is Viewer {
  return viewer !== null && canViewDocument(viewer, document, course);
}

/** Roles are changed by admins (and by `npm run make-admin` on the server), never by oneself. */
export function canSetUserRole(viewer: Viewer | null, userId: string): boolean {
  return isAdmin(viewer) && viewer?.id !== userId;
}

export function canViewCourseAnalytics(viewer: Viewer | null, course: Owned): boolean {
  return canEditCourse(viewer, course);
}

/** The dashboard is for admins and anyone who owns at least one course. */
export function canOpenDashboard(viewer: Viewer | null, ownedCourseCount: number): boolean {
  return viewer !== null && (isAdmin(viewer) || ownedCourseCount > 0);
}
