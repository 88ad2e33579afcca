import type { Database } from '@coursepack/db/schema';
import type { Kysely } from 'kysely';
import type { Viewer } from '@/auth/viewer';

/**
 * A mark a member puts on something and takes off again (following a course, bookmarking a
 * document): one row of (member, target) that is there or not.
 */
type MarkRow =
  | { table: 'course_follows'; target: 'course_id' }
  | { table: 'document_bookmarks'; target: 'document_id' };

type Mark<State> = MarkRow & {
  /** The signed-in member, if they may mark this target; throws the 401 or 404 otherwise. */
  require: (db: Kysely<Database>, viewer: Viewer | null, targetId: number) => Promise<Viewer>;
  /** What the member's button shows once the mark is on (`on`) or off. */
  state: (db: Kysely<Database>, member: Viewer, targetId: number, on: boolean) => Promise<State>;
};

export type SetMark<State> = (
  db: Kysely<Database>,
  viewer: Viewer | null,
  targetId: number,
  on: boolean,
) => Promise<State>;

/** Puts the mark on (`on`) or takes it off; doing either twice changes nothing. */
export function markSetter<State>(mark: Mark<State>): SetMark<State> {
  return async (db, viewer, targetId, on) => {
    const member = await mark.require(db, viewer, targetId);
    if (on) {
      await db
        .insertInto(mark.table)
        .values({ user_id: member.id, [mark.target]: targetId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else {
      await db
        .deleteFrom(mark.table)
        .where('user_id', '=', member.id)
        .where(mark.target, '=', targetId)
        .execute();
    }
    return mark.state(db, member, targetId, on);
  };
}
