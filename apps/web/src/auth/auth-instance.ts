import 'server-only';
import { getConfig, getDbNow } from '@/lib/server-context';
import { createMailer, outboxDirectory } from '@/mail/create-mailer';
import { deleteMemberContent } from '@/members/delete-member-content';
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
      mailer: createMailer({ ...config.mail, outboxDir: outboxDirectory(config.dataDir) }),
      deleteMemberContent: async (userId) => {
        await deleteMemberContent(db, config.mediaApi, userId);
      },
    });
  }
  return globalForAuth.coursepackAuth;
}
