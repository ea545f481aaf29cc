import Link from "next/link";
import { hasRole } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";

/** Says up front when the visitor cannot save, instead of letting a form fail with 401/403. */
export const WriteAccessNote = async () => {
  const user = await currentUser();
  if (user && hasRole(user.role, "operator")) return null;
  return (
    <p className="muted" role="note">
      {user ? (
        <>Your role ({user.role}) can look but not change anything; an operator or admin can.</>
      ) : (
        <>
          <Link href="/signin">Sign in</Link> as an operator to save changes.
        </>
      )}
    </p>
  );
};
