import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '@/errors/app-error';
import { consumeLimit, type LimitRule } from './consume-limit';
import { describeWait, RATE_LIMITS } from './rate-limits';

/** Refuses a member's upload beyond RATE_LIMITS.uploadsPerMember. */
export async function enforceUploadLimit(db: Kysely<Database>, memberId: string): Promise<void> {
  await enforce(db, `uploads:member:${memberId}`, RATE_LIMITS.uploadsPerMember, 'uploads');
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
