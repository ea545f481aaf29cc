// What the layers below learn from the layers above, registered once per process before it records
// an event, checks an event type or deletes a record (docs/events.md, "Registration"):
// - the event catalog: every area's declarations, listed by lib/events/catalog.ts;
// - the outbox's event subscribers: the webhooks area queues the deliveries of each recorded event
//   in the same transaction, and the engines area queues hosted agents' work (lib/engines);
// - the deletion guards: the tasks area refuses to let a record with open tasks be deleted, the runs
//   area an agent with an open run.
// (The job kinds are registered where the workers start, ./jobs.ts; a kind also makes itself known
// when its module loads, lib/jobs/kinds.ts.)
// The outbox and the guards refuse to work unregistered (a clear error, never a silent change).
// Called by instrumentation.ts (the server), prepareApp (scripts that prepare a database) and the
// tests' setup. Idempotent; the registries live on globalThis, so instrumentation's registration
// reaches the route bundles.
import { registerDeletionGuards, registerEventCatalog, registerEventSubscribers } from "../outbox";
import { EVENT_DEFINITIONS } from "../events/catalog";
// The modules themselves, not the areas' index.ts: every test file registers, and needs no more.
import { webhookSubscriber } from "../webhooks/queue-deliveries";
import { openTasksGuard } from "../tasks/find-entities";
import { openRunsGuard } from "../runs/check-open-runs";
import { hostedWorkSubscriber } from "../engines/queue-hosted-work";

export const registerApp = () => {
  registerEventCatalog(EVENT_DEFINITIONS);
  registerEventSubscribers({ webhooks: webhookSubscriber, hosted: hostedWorkSubscriber });
  registerDeletionGuards([openTasksGuard, openRunsGuard]);
};
