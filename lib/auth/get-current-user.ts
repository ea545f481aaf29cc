// The signed-in user of a page request (server components), from the session cookie.
import { cookies } from "next/headers";
import { resolvePrincipal, type Principal } from "./resolve-principal";

export const currentUser = async (): Promise<Principal | null> => {
  const jar = await cookies();
  const header = jar
    .getAll()
    .map((cookie) => `${cookie.name}=${encodeURIComponent(cookie.value)}`)
    .join("; ");
  if (!header) return null;
  return resolvePrincipal(new Request("http://internal/", { headers: { cookie: header } })).catch(() => null);
};
