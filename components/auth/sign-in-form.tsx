"use client";

import { getCsrfToken } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { safeRedirectPath } from "@/lib/auth/redirect";

const waitText = (seconds: number) => (seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`);

export const SignInForm = () => {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // The credentials step of next-auth, called directly so that a 429 and its Retry-After can be shown.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const response = await fetch("/api/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          email: String(form.get("email") ?? ""),
          password: String(form.get("password") ?? ""),
          csrfToken: (await getCsrfToken()) ?? "",
          callbackUrl: "/",
          json: "true",
        }),
      });
      if (response.status === 429) {
        const seconds = Number(response.headers.get("retry-after")) || 60;
        setError(`Too many failed sign-ins. Try again in ${waitText(seconds)}.`);
        return;
      }
      if (!response.ok) {
        setError("Wrong email or password.");
        return;
      }
      router.push(safeRedirectPath(params.get("next")));
      router.refresh();
    } catch {
      setError("The sign-in could not be sent; check the connection and try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="form card" aria-label="Sign in">
      <FormField id="email" label="Email">
        <input id="email" name="email" type="email" autoComplete="username" required />
      </FormField>
      <FormField id="password" label="Password" error={error}>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
      </FormField>
      <button type="submit" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
};
