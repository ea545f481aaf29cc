// Role-aware screens: write controls (New, Edit, Delete, create and edit forms) are shown to operators
// and admins only. Signed-out visitors and viewers see nothing, or a short prompt where it helps.
import Link from "next/link";
import { cache, type ReactNode } from "react";
import { hasRole } from "@/lib/auth/rules";
// eslint-disable-next-line no-restricted-imports -- server components (no "use client"): they read the session cookie
import { currentUser as readUser } from "@/lib/auth/get-current-user";

/** The signed-in user, read once per request however many controls ask. */
const currentUser = cache(readUser);

/** Whether the signed-in user (if any) may write: operators and admins. */
export const canWrite = async () => {
  const user = await currentUser();
  return Boolean(user && hasRole(user.role, "operator"));
};

/** Says why there is no form: sign in (back to `next`), or the user's role only reads. */
export const WriteAccessPrompt = ({ role, next, action = "make changes" }: { role?: string; next: string; action?: string }) => (
  <p className="note" role="note">
    {role ? (
      <>
        Your role ({role}) can look but not {action}; an operator or admin can.
      </>
    ) : (
      <>
        <Link href={`/signin?next=${encodeURIComponent(next)}`}>Sign in</Link> as an operator to {action}.
      </>
    )}
  </p>
);

/**
 * Renders its children for operators and admins. Anyone else gets the sign-in prompt when `prompt` names
 * the page to return to after signing in, and nothing otherwise.
 */
export const WriteOnly = async ({ children, prompt, action }: { children: ReactNode; prompt?: string; action?: string }) => {
  const user = await currentUser();
  if (user && hasRole(user.role, "operator")) return <>{children}</>;
  return prompt ? <WriteAccessPrompt role={user?.role} next={prompt} action={action} /> : null;
};
