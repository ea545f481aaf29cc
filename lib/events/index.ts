// The event log (docs/events.md): the catalog of every area's events, the event list, the live
// stream and the activity page's labels. Events are written by the outbox (lib/outbox), in the
// transaction of each change that matters; its writing functions are re-exported here for callers
// above the areas (the areas import lib/outbox).
export { recordEvent, recordEvents, type EventInput } from "../outbox/record";
export { runAsActor, currentActor } from "./context";
export { EVENT_DEFINITIONS, EVENT_TYPES, PRIVATE_EVENT_TYPES, DELIVERABLE_EVENT_TYPES, eventDefinition, type EventDefinition, type EventVisibility } from "./catalog";
export { ZEvent, toEvent, type TEvent, type EventRow } from "./shape";
export { EVENT_ENTITY_TYPES, ZEventListQuery, ZEventTypeList, type TEventListQuery } from "./schemas";
export { listEvents, visibleEvents, type EventViewer } from "./list-events";
export { canSeeEvent, visibleEventsWhere, type EventAudience } from "./visibility";
export { listEventsOperation } from "./operations";
export { actorNames, YOU, ANOTHER_USER } from "./activity";
export { openEventStream, streamEvents, streamCursor, closeEventStreams, eventStreamStats, whenEventStreamsIdle, EVENT_STREAM_HEADERS, type StreamViewer, type StreamFilter } from "./stream";
export { ZEventStreamQuery, ZEventCursor, ZEventStreamReady, type TEventStreamQuery } from "./stream-schemas";
export { streamEventsOperation } from "./stream-operations";
