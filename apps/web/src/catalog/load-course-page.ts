import 'server-only';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { coursePath, parseRef } from '@/catalog/refs';
import { getDb } from '@/server/server-context';
import { getCourse } from './get-course';

/**
 * Resolves `/courses/{id}-{slug}`: unknown ids are 404s, a stale or missing slug
 * redirects to the canonical URL. Cached per request so metadata and page share one query.
 */
export const loadCourseForRef = cache(async (ref: string) => {
  const parsed = parseRef(ref);
  if (!parsed) notFound();
  const course = await getCourse(await getDb(), parsed.id);
  if (!course) notFound();
  if (parsed.slug !== course.slug) permanentRedirect(coursePath(course));
  return course;
});
