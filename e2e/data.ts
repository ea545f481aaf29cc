// Test data that tests running at the same time cannot take away. Every record a test makes has
// "e2e" in its id (and may be deleted by its test a moment later); a test that needs any record of a
// kind picks a seeded one, never simply the first of a list (ids sort "e2e-…" before "item-…").
import { expect, type APIRequestContext, type Locator } from "@playwright/test";

export type Named = { id: string; name: string };

/** The first seeded record of a list answered by the API (`list` may carry filters). */
export const seeded = async <T extends { id: string } = Named>(request: APIRequestContext, list: string): Promise<T> => {
  const response = await request.get(`${list}${list.includes("?") ? "&" : "?"}limit=200`);
  expect(response.ok(), `${list} answers`).toBe(true);
  const record = ((await response.json()) as T[]).find((candidate) => !candidate.id.includes("e2e"));
  expect(record, `${list} has seeded data`).toBeTruthy();
  return record!;
};

/** Of `links` (or rows holding them), those that do not lead to a record a test made. */
export const seededLinks = (links: Locator) => links.filter({ hasNot: links.page().locator('a[href*="e2e"]') }).and(links.page().locator(':not([href*="e2e"])'));
