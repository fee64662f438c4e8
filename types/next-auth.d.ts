// What the dashboard adds to next-auth's session and token: the session's API key,
// the user's role and whether they must replace a temporary password.
import 'next-auth';
import 'next-auth/jwt';
import type { Role } from '@/lib/contract/roles';

declare module 'next-auth' {
  interface Session {
    apiKey: string;
    apiKeyExpiresAt: string;
    role: Role;
    mustChangePassword: boolean;
  }

  interface User {
    role: Role;
    mustChangePassword: boolean;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    apiKey: string;
    apiKeyId: number;
    apiKeyExpiresAt: string;
    role: Role;
    mustChangePassword: boolean;
  }
}
