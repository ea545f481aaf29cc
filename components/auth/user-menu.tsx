"use client";

import Link from "next/link";
import { signOut } from "next-auth/react";

export const UserMenu = ({ email, role }: { email?: string; role?: string }) =>
  email ? (
    <div className="topbar-end">
      <span className="topbar-email" title={email}>
        {email}
      </span>
      <span className="badge">{role}</span>
      <button type="button" className="secondary" onClick={() => signOut({ callbackUrl: "/" })}>
        Sign out
      </button>
    </div>
  ) : (
    <div className="topbar-end">
      <Link href="/signin">Sign in</Link>
    </div>
  );
