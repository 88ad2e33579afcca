import { z } from 'zod';
import { courseInputSchema } from '@/courses/course-input';
import { defineContract } from '@/http/contract';

/** A saved course and the public path of its page. */
export const savedCourse = z.object({
  course: z.object({ id: z.number(), slug: z.string(), path: z.string() }),
});

// POST /api/courses – create a course (published, owned by the signed-in member)
export const createCourseContract = defineContract({
  method: 'POST',
  path: '/api/courses',
  sameOrigin: true,
  auth: 'viewer',
  unauthorized: 'Sign in to create a course.',
  body: { json: courseInputSchema },
  status: 201,
  response: savedCourse,
});
