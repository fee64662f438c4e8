// What the dashboard adds to next-auth's session and token: the session's API key.
import 'next-auth';
import 'next-auth/jwt';

declare module 'next-auth' {
  interface Session {
    apiKey: string;
    apiKeyExpiresAt: string;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    apiKey: string;
    apiKeyId: number;
    apiKeyExpiresAt: string;
  }
}
