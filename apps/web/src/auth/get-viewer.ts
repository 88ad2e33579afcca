import 'server-only';
import { USER_ROLES, type UserRole } from '@coursepack/db/schema';
import { headers } from 'next/headers';
import { cache } from 'react';
import { getAuth } from './auth-instance';
import type { Viewer } from './viewer';

function toRole(value: unknown): UserRole {
  return USER_ROLES.includes(value as UserRole) ? (value as UserRole) : 'member';
}

/** The signed-in member of this request, or null; read once per request. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const session = await getAuth().api.getSession({ headers: await headers() });
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: toRole(user.role),
    emailVerified: user.emailVerified,
    image: user.image ?? null,
  };
});
