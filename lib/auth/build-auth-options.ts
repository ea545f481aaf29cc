// next-auth: email + password sign-in, JWT sessions (no session table: any instance can read
// them). The role is not trusted from the token; lib/auth/resolve-principal.ts reads it fresh, and checks
// the token's session version (`sv`) so that signing out ends the session on the server too.
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { safeRedirectPath } from "./rules";
import { authSecret } from "./get-auth-secret";
import { revokeSessions } from "./revoke-sessions";
import { authenticateUser } from "./manage-users";

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

export const authOptions = async (): Promise<NextAuthOptions> => ({
  secret: await authSecret(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      authorize: async (credentials) => {
        if (!credentials?.email || !credentials.password) return null;
        const user = await authenticateUser(credentials.email, credentials.password);
        return user ? { id: user.id, email: user.email, name: user.name ?? user.email, sessionVersion: user.sessionVersion } : null;
      },
    }),
  ],
  callbacks: {
    jwt: ({ token, user }) => {
      if (user) token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
      return token;
    },
    // Only paths of this origin, whatever callbackUrl was sent.
    redirect: ({ url, baseUrl }) => {
      const path = url.startsWith(baseUrl) ? url.slice(baseUrl.length) || "/" : url;
      return `${baseUrl}${safeRedirectPath(path)}`;
    },
  },
  events: {
    signOut: async ({ token }) => {
      if (typeof token?.sub === "string") await revokeSessions(token.sub);
    },
  },
});
