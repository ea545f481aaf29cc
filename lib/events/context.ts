// Who is acting, for the events a change records: kept by the outbox (lib/outbox/context.ts),
// re-exported here for the route wrapper and the event log's callers.
export { runAsActor, currentActor } from "../outbox/context";
