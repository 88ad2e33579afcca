import type { UserRole } from '@coursepack/db/schema';

/** Who is looking: the signed-in member as the server's session says, never as the client says. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  emailVerified: boolean;
  /** Media-service public id or an OAuth picture URL. */
  image: string | null;
}
