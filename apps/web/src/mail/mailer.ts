import type { Database } from '@coursepack/db/schema';
import { enqueue } from '@coursepack/jobs/enqueue';
import type { SendMailJob } from '@coursepack/jobs/queues';
import type { Kysely } from 'kysely';

export interface Mailer {
  send(message: SendMailJob): Promise<void>;
}

/**
 * Mail goes out through the job queue: the worker sends it (SMTP, or the outbox without a mail
 * server) and retries with back-off while the mail server is down, so a sign-up never fails
 * or waits because of it.
 */
export function queuedMailer(db: Kysely<Database>): Mailer {
  return {
    async send(message) {
      await enqueue(db, 'send-mail', message);
    },
  };
}
