// The outbox (docs/events.md): the bottom layer the areas write through in the transaction of a
// change — its events, and (lib/jobs) its jobs — and the registries the layers above fill at
// startup: the event catalog, the event subscribers, the deletion guards. Imports no area.
export {
  registerEventCatalog,
  eventCatalog,
  eventDefinition,
  crudEvents,
  ZDeleted,
  ZJobOutcome,
  type EventCatalog,
  type EventDefinition,
  type EventVisibility,
} from "./catalog";
export { recordEvent, recordEvents, registerEventSubscribers, type EventInput, type EventSubscriber, type RecordedEvent } from "./record";
export { runAsActor, currentActor } from "./context";
export { toEvent, type EventRow, type EventEnvelope } from "./envelope";
export { guardDeletion, registerDeletionGuards, type DeletionGuard, type DeletionTarget } from "./guards";
