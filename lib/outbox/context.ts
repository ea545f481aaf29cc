// Who is acting, for the events a change records: the route wrapper runs each handler with the
// caller's user id; work with no caller (sweeps, jobs, the seed) records events with actor null.
import { AsyncLocalStorage } from "node:async_hooks";

const actors = new AsyncLocalStorage<string | null>();

/** Runs `work` with `userId` as the actor of the events it records. */
export const runAsActor = <T>(userId: string | null, work: () => T): T => actors.run(userId, work);

/** The user id of the request being served, or null outside a request. */
export const currentActor = (): string | null => actors.getStore() ?? null;
