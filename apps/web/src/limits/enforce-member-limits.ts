import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '@/errors/app-error';
import { consumeLimit, type LimitRule } from './consume-limit';
import type { RateLimits } from './rate-limit-settings';
import { describeWait, RATE_LIMITS } from './rate-limits';

/**
 * Refuses a member's upload beyond their limit: `ownerUploadsPerMember` into a course they may
 * edit (their own, or any for an admin), `uploadsPerMember` into others'. Each has its own count,
 * so a teacher's semester of uploads never uses up what they may add to a colleague's course.
 */
export async function enforceUploadLimit(
  db: Kysely<Database>,
  limits: RateLimits,
  { memberId, intoEditableCourse }: { memberId: string; intoEditableCourse: boolean },
): Promise<void> {
  if (intoEditableCourse) {
    await enforce(db, `uploads:owner:${memberId}`, limits.ownerUploadsPerMember, 'uploads');
  } else {
    await enforce(db, `uploads:member:${memberId}`, limits.uploadsPerMember, 'uploads');
  }
}

/** Refuses a member's new course beyond RATE_LIMITS.coursesPerMember. */
export async function enforceCourseCreationLimit(
  db: Kysely<Database>,
  memberId: string,
): Promise<void> {
  await enforce(db, `courses:member:${memberId}`, RATE_LIMITS.coursesPerMember, 'new courses');
}

async function enforce(db: Kysely<Database>, key: string, rule: LimitRule, what: string) {
  const { allowed, retryAfterSeconds } = await consumeLimit(db, key, rule);
  if (allowed) return;
  throw new AppError(
    'rate_limited',
    `Too many ${what}: at most ${rule.max} in ${describeWait(rule.windowSeconds)}. Try again in ${describeWait(retryAfterSeconds)}.`,
    { retryAfterSeconds },
  );
}
