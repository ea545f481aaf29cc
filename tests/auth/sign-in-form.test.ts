// The sign-in form posts (method="post"): submitted before its script has loaded, or without it,
// the browser sends the fields in the body of a POST, never as a query string that lands in the
// address bar, the history and the server's access log. Rendered as the server sends it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: () => {}, refresh: () => {} }),
  useSearchParams: () => new URLSearchParams(),
}));
vi.mock("next-auth/react", () => ({ getCsrfToken: async () => "token" }));

const { SignInForm } = await import("../../components/auth/sign-in-form");

describe("sign-in form", () => {
  it("posts, so that a password never goes into a URL", () => {
    const html = renderToStaticMarkup(createElement(SignInForm));
    const forms = [...html.matchAll(/<form\b[^>]*>/g)].map((match) => match[0]);
    expect(forms).toHaveLength(1);
    expect(forms[0]).toMatch(/\smethod="post"/i);
    // No action of its own that would send it elsewhere as a GET, and the password field is in it.
    expect(forms[0]).not.toMatch(/\saction=/);
    const password = /<input\b[^>]*\btype="password"[^>]*>/.exec(html)?.[0];
    expect(password).toMatch(/\sname="password"/);
    expect(html.indexOf(password!)).toBeGreaterThan(html.indexOf(forms[0]));
    expect(html.indexOf(password!)).toBeLessThan(html.indexOf("</form>"));
  });
});
