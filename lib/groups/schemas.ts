// The schema pieces squads and syndicates share (no server-only imports: forms use them): the
// name, the member list, the declared stacked roles, the search query and the response parts.
import { z } from "zod";
import { ZSortablePageQuery } from "../core/paging";
import { CURSOR_OF_ANOTHER_SORT, ZSort, cursorMatchesSort, type SortFields } from "../core/sorting";
import { ZRole } from "../agents/schemas";

/** Flags every id that occurs a second time, at its own index. */
export const uniqueIds =
  (what: string) =>
  (items: { id: string }[], context: z.core.$RefinementCtx<{ id: string }[]>) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.id)) context.addIssue({ code: "custom", path: [index, "id"], message: `${what} '${item.id}' is listed twice` });
      seen.add(item.id);
    });
  };

export const ZGroupName = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").describe("Display name");

/** The members of a group body: references by id, each once, at most `max` (`noun` names them in the message). */
export const groupMembers = <T extends z.ZodType<{ id: string }>>(
  reference: T,
  member: { what: string; noun: string; max: number; description: string },
) =>
  z
    .array(reference)
    .max(member.max, `at most ${member.max} ${member.noun}`)
    .superRefine(uniqueIds(member.what))
    .default([])
    .describe(`${member.description}; each id at most once`);

/** Declared stacked roles; `derivedFrom` says what they are derived from when absent. */
export const declaredStackedRoles = (derivedFrom: string) =>
  z.array(ZRole).max(50, "at most 50 stacked roles").optional().describe(`Declared stacked roles; absent or empty: derived from ${derivedFrom}`);

/** The columns a squad or syndicate list sorts by. */
export const GROUP_SORT = {
  id: { column: "id", kind: "string" },
  name: { column: "name", kind: "string" },
  createdAt: { column: "createdAt", kind: "date" },
  updatedAt: { column: "updatedAt", kind: "date" },
} satisfies SortFields;

export const ZGroupListQuery = ZSortablePageQuery.extend({
  q: z.string().trim().max(200).optional().describe("Name or id contains this (case-insensitive)"),
  sort: ZSort(GROUP_SORT),
}).refine(cursorMatchesSort, CURSOR_OF_ANOTHER_SORT);

export const ZRoleOut = z.object({ roleName: z.string(), primaryFunction: z.string(), skills: z.array(z.string()) });

export const ZAggregatedMetrics = z.object({
  totalExperiencePoints: z.number().describe("Sum of the members' experience points"),
  averageUptime: z.number().describe("Mean of the members' uptime (percent); 0 without members"),
  overallCompletionRate: z.number().describe("Mean of the members' completion rate (percent); 0 without members"),
});
export type TAggregatedMetrics = z.infer<typeof ZAggregatedMetrics>;
