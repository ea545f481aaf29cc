"use client";

import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";

// Only same-site paths are followed after sign-in (no open redirects).
const safeNext = (value: string | null) => (value && value.startsWith("/") && !value.startsWith("//") ? value : "/");

export const SignInForm = () => {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    });
    setBusy(false);
    if (!result || result.error) {
      setError("Wrong email or password.");
      return;
    }
    router.push(safeNext(params.get("next")));
    router.refresh();
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
