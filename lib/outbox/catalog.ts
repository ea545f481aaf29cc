// The event catalog as the outbox sees it: what an event type is (its entity, its data's shape, who
// may see it), and the one registry the layers below the areas read it from. Each area declares its
// own types beside its code (lib/<area>/events.ts, with the helpers here); lib/events/catalog.ts,
// above the areas, lists them all and registers the list (lib/startup registers it too). Nothing
// here imports an area. Client-safe: zod and plain data only.
import { z } from "zod";

/**
 * Who may see an event of a type (docs/security.md, "Private events"):
 * - `shared`: anyone who may read the event log, and the webhook endpoints subscribed to it;
 * - `private`: only its owner (the event's `visibleTo`) and admins, never a webhook endpoint; an
 *   event of such a type recorded without an owner is not recorded at all (lib/outbox/record.ts);
 * - `owner-if-any`: private when recorded with an owner, else shared (a quantum run: a wallet or
 *   circuit run is its user's, an analysis of an agent, squad or syndicate is public).
 */
export type EventVisibility = "shared" | "private" | "owner-if-any";

export type EventDefinition = {
  /** "<entity>.<what>" */
  type: string;
  /** What `entityType` an event of this type carries. */
  entityType: string;
  summary: string;
  data: z.ZodType;
  visibility: EventVisibility;
};

/** The data of a `<entity>.deleted` event: the deleted record's id. */
export const ZDeleted = z.object({ id: z.string().describe("The deleted record's id") });

/** How a background job ended, as its `finished` event tells it. */
export const ZJobOutcome = z.enum(["DONE", "ERROR", "CANCELLED"]).describe("How the job ended");

/**
 * created / updated / deleted of a record of the shared catalog: everyone may read those records,
 * so their events are shared. The data of created and updated is the record as the API answers it.
 */
export const crudEvents = (entityType: string, label: string, record: z.ZodType): EventDefinition[] => [
  { type: `${entityType}.created`, entityType, summary: `A ${label} was created.`, data: record, visibility: "shared" },
  { type: `${entityType}.updated`, entityType, summary: `A ${label} was changed.`, data: record, visibility: "shared" },
  { type: `${entityType}.deleted`, entityType, summary: `A ${label} was deleted.`, data: ZDeleted, visibility: "shared" },
];

/** The registered catalog, with the lookups made once. */
export type EventCatalog = {
  definitions: readonly EventDefinition[];
  types: readonly string[];
  /** The types whose events only their owner and admins see, and which no webhook endpoint gets. */
  privateTypes: readonly string[];
  byType: ReadonlyMap<string, EventDefinition>;
};

// On globalThis: Next bundles instrumentation (which registers at startup) apart from the routes.
const state = globalThis as typeof globalThis & { __syndicateEventCatalog?: EventCatalog };

/**
 * Makes `definitions` the event catalog of this process (lib/events/catalog.ts does, with every
 * area's declarations). Registering the same list again changes nothing; a second, different list
 * replaces the first (a test of the registry may do that; the application registers one list).
 */
export const registerEventCatalog = (definitions: readonly EventDefinition[]): EventCatalog => {
  const known = state.__syndicateEventCatalog;
  if (known && known.definitions === definitions) return known;
  const byType = new Map<string, EventDefinition>();
  for (const definition of definitions) {
    if (byType.has(definition.type)) throw new Error(`Event type ${definition.type} is declared twice in the event catalog.`);
    byType.set(definition.type, definition);
  }
  return (state.__syndicateEventCatalog = {
    definitions,
    types: definitions.map((definition) => definition.type),
    privateTypes: definitions.filter((definition) => definition.visibility === "private").map((definition) => definition.type),
    byType,
  });
};

/**
 * The registered catalog. Throws when nothing registered one: an answer that depends on the
 * catalog (is this type known, is it private, which entity does it carry) is never given from a
 * partial or empty list.
 */
export const eventCatalog = (): EventCatalog => {
  const catalog = state.__syndicateEventCatalog;
  if (!catalog) {
    throw new Error(
      "The event catalog is not registered: import lib/events/catalog.ts (which registers it) or call registerApp() from lib/startup before events are recorded or their types checked (docs/events.md, \"Registration\").",
    );
  }
  return catalog;
};

/** The definition of `type`, or undefined when the (registered) catalog has none. */
export const eventDefinition = (type: string): EventDefinition | undefined => eventCatalog().byType.get(type);
