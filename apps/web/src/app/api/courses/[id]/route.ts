import { coursePath } from '@/catalog/refs';
import { getEditableCourse } from '@/courses/get-editable-course';
import { updateCourse } from '@/courses/update-course';
import { route } from '@/http/route';
import { getDbNow } from '@/server/server-context';
import { updateCourseContract } from './contract';

// PATCH /api/courses/[id] – change a course's title, code, subject, institution or description
export const PATCH = route(updateCourseContract, async ({ params, viewer, readJson }) => {
  const db = getDbNow();
  // Permission before the body: a stranger's request is answered without reading it.
  await getEditableCourse(db, viewer, params.id);
  const course = await updateCourse(db, viewer, { courseId: params.id, changes: await readJson() });
  return { course: { ...course, path: coursePath(course) } };
});
