'use client';
import { adminClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** better-auth's browser client, talking to /api/auth on this site. */
export const authClient = createAuthClient({ plugins: [adminClient()] });
