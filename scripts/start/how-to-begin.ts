import { isProduction, variableText } from '@coursepack/config/parse-env';
import { outboxDirectory } from '../../apps/worker/src/mail/create-mailer';
import { DEMO_OWNER } from '../seed/create-demo-owner';

export interface HowToBeginOptions {
  siteUrl: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** The demo owner exists and still has README's password (see hasPublishedDemoPassword). */
  demoOwnerSignsIn: boolean;
}

/**
 * The lines under "Coursepack is up": what a person does next on a fresh install, which is to
 * sign in as the demo course owner, and, without a mail server, where the mail they ask for
 * (a sign-up's verification link, a password reset) went instead.
 */
export function describeHowToBegin({
  siteUrl,
  dataDir,
  env,
  demoOwnerSignsIn,
}: HowToBeginOptions): string[] {
  const lines = [`Coursepack is up: ${siteUrl}`];
  // In production the published password is a warning, never an invitation.
  if (demoOwnerSignsIn && !isProduction(env)) {
    lines.push(
      `  Sign in as the demo course owner at ${siteUrl}/sign-in with ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`,
    );
  }
  if (variableText(env, 'SMTP_URL') === undefined) {
    lines.push(
      `  No SMTP_URL: verification and password-reset mail goes to ${outboxDirectory(dataDir)}; "npm run outbox" prints the latest`,
    );
  }
  return lines;
}
