// Test data with unique values, created through the domain functions.
import { randomBytes } from "node:crypto";
import { createApiKey, createUser } from "../../lib/auth";
import type { Role } from "../../lib/db";

export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

/** A user of the given role and an API key of theirs. */
export const userWithKey = async (role: Role) => {
  const user = await createUser({ email: `${unique(role)}@example.test`, password: "correct horse battery", role });
  const key = await createApiKey(user.id, { name: `${role} key` });
  return { user, key: key.key, keyId: key.id };
};
