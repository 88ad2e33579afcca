import 'server-only';
import { queuedMailer } from '@/mail/mailer';
import { deleteMemberContent } from '@/members/delete-member-content';
import { getConfig, getDbNow } from '@/server/server-context';
import { type Auth, createAuth } from './create-auth';

const globalForAuth = globalThis as typeof globalThis & { coursepackAuth?: Auth };

/** The process's one better-auth instance, over the shared pool. */
export function getAuth(): Auth {
  if (!globalForAuth.coursepackAuth) {
    const config = getConfig();
    const db = getDbNow();
    globalForAuth.coursepackAuth = createAuth({
      db,
      config,
      mailer: queuedMailer(db),
      deleteMemberContent: async (userId) => {
        await deleteMemberContent(db, userId);
      },
    });
  }
  return globalForAuth.coursepackAuth;
}
