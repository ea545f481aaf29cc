"use client";

import Link from "next/link";
import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";

// Signing out ends the session on the server (every token of this user is refused from now on);
// the browser then goes to this origin's overview, whatever NEXTAUTH_URL says.
export const SignOutButton = ({ className = "secondary" }: { className?: string }) => {
  const router = useRouter();
  const signOutHere = async () => {
    await signOut({ redirect: false });
    router.push("/");
    router.refresh();
  };
  return (
    <button type="button" className={className} onClick={signOutHere}>
      Sign out
    </button>
  );
};

export const UserMenu = ({ email, role }: { email?: string; role?: string }) =>
  email ? (
    <div className="topbar-end">
      <span className="topbar-email" title={email}>
        {email}
      </span>
      <span className="badge">{role}</span>
      <SignOutButton />
    </div>
  ) : (
    <div className="topbar-end">
      <Link href="/signin">Sign in</Link>
    </div>
  );
