import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxMessage extends MailMessage {
  from: string;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through SMTP when a server is configured; otherwise writes each message as a JSON file
 * into the outbox folder, where the operator (`npm run outbox`) and the tests read it. Without
 * this, sign-up on a laptop would depend on a mail server nobody has.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      await mkdir(options.outboxDir, { recursive: true });
      const sentAt = new Date().toISOString();
      const body: OutboxMessage = { from: options.from, ...message, sentAt };
      // Time first, so a plain `ls` lists messages in the order they were sent.
      const name = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`;
      await writeFile(path.join(options.outboxDir, name), `${JSON.stringify(body, null, 2)}\n`, {
        mode: 0o600,
      });
    },
  };
}

/** The outbox's messages, oldest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxMessage[]> {
  const names = await readdir(outboxDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const messages = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map(
        async (name) =>
          JSON.parse(await readFile(path.join(outboxDir, name), 'utf8')) as OutboxMessage,
      ),
  );
  return messages;
}

export function outboxDirectory(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}
