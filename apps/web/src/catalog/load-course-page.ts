import 'server-only';
import { coursePath } from '@/catalog/refs';
import { getCourse } from './get-course';
import { loaderForRef } from './loader-for-ref';

/** Resolves `/courses/{id}-{slug}`. */
export const loadCourseForRef = loaderForRef(getCourse, coursePath);
