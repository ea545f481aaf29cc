// Signing in over HTTP as a browser does, through next-auth's credentials flow: GET
// /api/auth/csrf (token and its cookie), POST /api/auth/callback/credentials with the form, keep
// the session cookie. Signing out is POST /api/auth/signout with a fresh CSRF token.
import type { SystemServer } from "./server";
import { PASSWORD } from "./server";

/** A cookie jar of name=value pairs, as a browser would keep for one site. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string) {
    return this.cookies.get(name);
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** A copy: the same cookies sent from elsewhere (another browser, a copied cookie). */
  clone() {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

export const SESSION_COOKIE = "next-auth.session-token";

const csrf = async (server: SystemServer, jar: CookieJar) => {
  const response = await server.fetch("/api/auth/csrf", { headers: { cookie: jar.header() } });
  if (response.status !== 200) throw new Error(`GET /api/auth/csrf answered ${response.status}`);
  jar.take(response);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
};

/** Signs in on `server`; answers the jar holding the session cookie. Throws if no session came back. */
export const signIn = async (server: SystemServer, email: string, password = PASSWORD, jar = new CookieJar()) => {
  const csrfToken = await csrf(server, jar);
  const response = await server.fetch("/api/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin: server.url },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${server.url}/`, json: "true" }).toString(),
  });
  jar.take(response);
  if (!jar.get(SESSION_COOKIE)) throw new Error(`sign-in as ${email} gave no session (status ${response.status}: ${await response.text()})`);
  return jar;
};

/** Signs out on `server` with the jar's session (next-auth's sign-out, which ends it on the server). */
export const signOut = async (server: SystemServer, jar: CookieJar) => {
  const csrfToken = await csrf(server, jar);
  const response = await server.fetch("/api/auth/signout", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin: server.url },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${server.url}/`, json: "true" }).toString(),
  });
  jar.take(response);
  return response.status;
};

/** A request with the jar's cookies (and, for a write, this server's Origin, as a browser sends). */
export const withSession = (server: SystemServer, jar: CookieJar, path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set("cookie", jar.header());
  if (init.method && init.method !== "GET") headers.set("origin", server.url);
  if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
  return server.fetch(path, { ...init, headers });
};

/** A new API key of the signed-in user (POST /api/keys with the session); answers the key itself. */
export const createKey = async (server: SystemServer, jar: CookieJar, role?: "viewer" | "operator" | "admin") => {
  const response = await withSession(server, jar, "/api/keys", { method: "POST", body: JSON.stringify({ name: "system test", ...(role ? { role } : {}) }) });
  if (response.status !== 201) throw new Error(`POST /api/keys answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { key: string }).key;
};

/** Sign in as `email` and answer a new API key of that user. */
export const keyFor = async (server: SystemServer, email: string) => createKey(server, await signIn(server, email));
