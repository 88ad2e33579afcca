import path from 'node:path';
import { outboxDirectory, readOutbox } from '../apps/worker/src/mail/create-mailer';

/**
 * `npm run outbox [-- <count>]`: the last messages the app "sent" without an SMTP server
 * (verification and password links), newest last, so an operator can finish a sign-up locally.
 */
const count = Number(process.argv[2] ?? 5);
if (!Number.isInteger(count) || count < 1) {
  console.error('Usage: npm run outbox [-- <how many messages, default 5>]');
  process.exit(2);
}
const dir = outboxDirectory(path.resolve(process.env.DATA_DIR || 'data'));
const messages = (await readOutbox(dir)).slice(-count);
if (messages.length === 0) {
  console.log(`No messages in ${dir}.`);
} else {
  for (const message of messages) {
    console.log(`── ${message.sentAt}  to ${message.to}\n   ${message.subject}\n\n${message.text}`);
  }
}
