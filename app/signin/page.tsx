import { Suspense } from "react";
import Link from "next/link";
import type { Metadata } from "next";
import { SignInForm } from "@/components/auth/sign-in-form";
import { SignOutButton } from "@/components/auth/user-menu";
import { currentUser } from "@/lib/auth/get-current-user";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

// Someone already signed in is told so (and offered the way on, or to sign out) instead of a second form.
const SignInPage = async () => {
  const user = await currentUser();
  return (
    <main className="content" style={{ maxWidth: 460, margin: "3rem auto" }}>
      <h1>Sign in to Syndicate</h1>
      {user ? (
        <>
          <p role="status">
            You are signed in as <strong>{user.email}</strong> ({user.role}).
          </p>
          <p className="row">
            <Link className="button" href="/">
              Go to the overview
            </Link>
            <SignOutButton />
          </p>
        </>
      ) : (
        <>
          <Suspense>
            <SignInForm />
          </Suspense>
          <p className="muted">
            The first start prints the admin&apos;s password (or set <code>ADMIN_PASSWORD</code>). <Link href="/">Back to the overview</Link>
          </p>
        </>
      )}
    </main>
  );
};

export default SignInPage;
