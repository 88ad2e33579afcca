import type { Database } from '@coursepack/db/schema';
import { betterAuth } from 'better-auth';
import { nextCookies } from 'better-auth/next-js';
import { admin } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { WebConfig } from '@/config/web-config';
import type { Mailer } from '@/mail/mailer';
import { CLIENT_ADDRESS_HEADER } from '@/server/normalize-forwarded-headers';
import { limitAuthRequests } from './limit-auth-requests';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules';

export const SESSION_COOKIE_PREFIX = 'coursepack';
/** better-auth's cookie holding `<token>.<signature>`; the collector reads it to link events. */
export const SESSION_COOKIE_NAME = `${SESSION_COOKIE_PREFIX}.session_token`;

export interface AuthDependencies {
  db: Kysely<Database>;
  config: Pick<WebConfig, 'siteUrl' | 'siteAliases' | 'auth'>;
  mailer: Mailer;
  /** Deletes what a member owns (documents and their media) before the account goes. */
  deleteMemberContent: (userId: string) => Promise<void>;
}

// better-auth names columns in camelCase; our schema is snake_case like every other table.
const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/**
 * The sign-in library, configured for Coursepack: email + password with verification and reset
 * by mail, optional GitHub/Google, sessions in httpOnly cookies, database-backed rate limits
 * (shared by every replica, limits/rate-limits.ts), roles `member` and `admin`.
 */
export function createAuth({ db, config, mailer, deleteMemberContent }: AuthDependencies) {
  const { auth } = config;
  const adminEmails = new Set(auth.adminEmails);
  return betterAuth({
    appName: 'Coursepack',
    baseURL: config.siteUrl,
    // Pages on these redirect to siteUrl (proxy.ts), but a request from one, say a tab opened
    // before the redirect, must not meet better-auth's "Invalid origin".
    trustedOrigins: config.siteAliases,
    secret: auth.secret,
    database: { db, type: 'postgres' },
    telemetry: { enabled: false },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => deleteMemberContent(user.id),
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        ...timestamps,
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...timestamps },
    },
    // Coursepack's own limits (limit-auth-requests.ts) count every request, per address too.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      requireEmailVerification: auth.requireEmailVerification,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // With verification required, sign-up answers the same for a taken address (better-auth
      // returns a made-up account and signs nobody in); the owner learns of the attempt.
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send({
          to: user.email,
          subject: 'Someone tried to create a Coursepack account with your address',
          text: `Hello ${user.name},\n\nSomeone tried to create a new Coursepack account with this address, which already has one. If it was you, sign in instead, or reset your password at ${config.siteUrl}/forgot-password.\n\nIf it was not you, ignore this message: nothing has changed.\n`,
        });
      },
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Coursepack password',
          text: `Hello ${user.name},\n\nSomeone (hopefully you) asked to reset the password of your Coursepack account. Choose a new password here (the link works for one hour):\n\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Confirm your email address for Coursepack',
          text: `Hello ${user.name},\n\nConfirm that this address is yours by opening:\n\n${url}\n\nIf you did not sign up for Coursepack, ignore this message.\n`,
        });
      },
    },
    socialProviders: {
      ...(auth.github ? { github: auth.github } : {}),
      ...(auth.google ? { google: auth.google } : {}),
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      // better-auth skips its origin check under NODE_ENV=test; on here, tests check what runs.
      disableOriginCheck: false,
      // The web server (server/start-web-server.ts) writes the client's address, resolved per
      // TRUST_PROXY, into this header, replacing whatever the client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, role: adminEmails.has(user.email.toLowerCase()) ? 'admin' : 'member' },
          }),
        },
      },
    },
    plugins: [
      limitAuthRequests(db, { rateLimited: auth.rateLimit, secret: auth.secret }),
      admin({
        defaultRole: 'member',
        adminRoles: ['admin'],
        schema: {
          user: { fields: { banReason: 'ban_reason', banExpires: 'ban_expires' } },
          session: { fields: { impersonatedBy: 'impersonated_by' } },
        },
      }),
      // Lets server actions set the session cookie through Next's cookies().
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
