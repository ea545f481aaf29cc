import { Suspense } from "react";
import Link from "next/link";
import type { Metadata } from "next";
import { SignInForm } from "@/components/auth/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

const SignInPage = () => (
  <main className="content" style={{ maxWidth: 460, margin: "3rem auto" }}>
    <h1>Sign in to Syndicate</h1>
    <Suspense>
      <SignInForm />
    </Suspense>
    <p className="muted">
      The first start prints the admin&apos;s password (or set <code>ADMIN_PASSWORD</code>). <Link href="/">Back to the overview</Link>
    </p>
  </main>
);

export default SignInPage;
