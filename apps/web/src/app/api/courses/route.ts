import { coursePath } from '@/catalog/refs';
import { createCourse } from '@/courses/create-course';
import { route } from '@/http/route';
import { getDbNow } from '@/server/server-context';
import { createCourseContract } from './contract';

// POST /api/courses – create a course (published, owned by the signed-in member)
export const POST = route(createCourseContract, async ({ viewer, readJson }) => {
  const course = await createCourse(getDbNow(), viewer, await readJson());
  return { course: { ...course, path: coursePath(course) } };
});
