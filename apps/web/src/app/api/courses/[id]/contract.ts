import { z } from 'zod';
import { savedCourse } from '@/app/api/courses/contract';
import { courseChangesSchema } from '@/courses/course-input';
import { defineContract } from '@/http/contract';
import { idSegment } from '@/http/route-id';

// PATCH /api/courses/[id] – change a course's title, code, subject, institution or description
export const updateCourseContract = defineContract({
  method: 'PATCH',
  path: '/api/courses/[id]',
  params: z.object({ id: idSegment('course') }),
  sameOrigin: true,
  auth: 'optional',
  body: { json: courseChangesSchema },
  response: savedCourse,
});
