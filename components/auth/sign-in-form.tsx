"use client";

import { getCsrfToken } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { safeRedirectPath } from "@/lib/auth/rules";

const waitText = (seconds: number) => (seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`);

/** What next-auth's JSON answer says was refused, if anything (its `url` carries `csrf` or `error`). */
const refusal = (body: unknown): "csrf" | "error" | undefined => {
  const url = typeof body === "object" && body !== null && "url" in body && typeof body.url === "string" ? body.url : undefined;
  if (!url) return "error";
  const query = new URL(url, window.location.origin).searchParams;
  if (query.get("csrf") === "true") return "csrf";
  return query.has("error") ? "error" : undefined;
};

export const SignInForm = () => {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // next-auth's credentials step, called directly so that a 429 and its Retry-After can be shown.
  // With json=true next-auth answers 200 with the URL it would redirect to, also when it refused:
  // `?csrf=true` when the token did not match the CSRF cookie (another /api/auth request of a
  // first visit may have set a new cookie in between; one more try with a fresh token settles it),
  // `?error=…` otherwise. Only an answer without either is a sign-in.
  const callback = async (email: string, password: string) =>
    fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, csrfToken: (await getCsrfToken()) ?? "", callbackUrl: "/", json: "true" }),
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    setBusy(true);
    setError(undefined);
    try {
      for (let attempt = 1; ; attempt++) {
        const response = await callback(email, password);
        if (response.status === 429) {
          const seconds = Number(response.headers.get("retry-after")) || 60;
          setError(`Too many failed sign-ins. Try again in ${waitText(seconds)}.`);
          return;
        }
        if (!response.ok) {
          setError("Wrong email or password.");
          return;
        }
        const outcome = refusal(await response.json().catch(() => undefined));
        if (outcome === "csrf" && attempt < 2) continue;
        if (outcome === "csrf") {
          setError("The sign-in could not be confirmed; reload the page and try again.");
          return;
        }
        if (outcome === "error") {
          setError("Wrong email or password.");
          return;
        }
        router.push(safeRedirectPath(params.get("next")));
        router.refresh();
        return;
      }
    } catch {
      setError("The sign-in could not be sent; check the connection and try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    // method="post": should the form be submitted before the script has loaded (or without it), the
    // browser posts it to this page instead of putting the email and password into the URL.
    <form method="post" onSubmit={submit} className="form card" aria-label="Sign in">
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
