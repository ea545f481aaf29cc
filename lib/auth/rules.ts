// The auth area's pure rules, client-safe: the role ranks (what a role may do, and the weaker of
// two), and where the browser may go after signing in.
import type { Role } from "../db";

export const ROLES = ["viewer", "operator", "admin"] as const satisfies readonly Role[];

const RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

export const hasRole = (role: Role, atLeast: Role) => RANK[role] >= RANK[atLeast];

/** The weaker of two roles (an API key never grants more than its owner has). */
export const weakerRole = (a: Role, b: Role): Role => (RANK[a] <= RANK[b] ? a : b);

// Where the browser may go after signing in: a path of this origin, nothing else. Browsers
// read "/\evil", "/\t/evil" and "//evil" as another host, so backslashes, control characters and
// a leading "//" are refused (also once percent-decoded), as are absolute URLs.
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

const decodedOnce = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/** The path to follow, or "/" when `next` is missing or could leave this origin. */
export const safeRedirectPath = (next: string | null | undefined): string => {
  if (!next || next.length > 2048) return "/";
  const decoded = decodedOnce(next);
  for (const form of [next, decoded]) {
    if (form === undefined || !form.startsWith("/") || form.startsWith("//") || UNSAFE.test(form)) return "/";
  }
  const base = "http://this.origin.invalid";
  const resolved = new URL(next, base);
  if (resolved.origin !== base) return "/";
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
};
