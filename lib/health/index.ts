import { pingDatabase } from "../db";

export type Health = { status: "ok" } | { status: "unavailable"; reason: string };

/** The service is healthy when its database answers. */
export const checkHealth = async (): Promise<Health> =>
  (await pingDatabase()) ? { status: "ok" } : { status: "unavailable", reason: "The database does not answer." };
