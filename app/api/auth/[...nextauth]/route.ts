import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

// GET|POST /api/auth/* – next-auth's sign-in, sign-out, session and CSRF endpoints
const handler = async (request: NextRequest, context: Context) => NextAuth(request, context, await authOptions());

export { handler as GET, handler as POST };
