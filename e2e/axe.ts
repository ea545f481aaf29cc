// Accessibility checks with axe-core, run inside the page. AxeBuilder (@axe-core/playwright) opens a
// second, blank page for every scan, injects axe there too and moves every result across; our pages
// have no frames, so axe.run in the page itself gives the same verdict at a fraction of the cost.
// The axe-core is the one @axe-core/playwright depends on (resolved from it).
import { createRequire } from "node:module";
import type { AxeResults, ElementContext } from "axe-core";
import { expect, type Page } from "@playwright/test";

const fromHere = createRequire(import.meta.url);
const { source } = createRequire(fromHere.resolve("@axe-core/playwright"))("axe-core") as { source: string };

type Axe = { run: (context: ElementContext, options: object) => Promise<AxeResults> };

/**
 * The serious and critical violations on the page (or inside `selector`), one line each: rule,
 * impact, help and the elements it found.
 */
export const seriousViolations = async (page: Page, selector?: string): Promise<string[]> => {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(source);
  const { violations } = await page.evaluate(
    (include) => (window as unknown as { axe: Axe }).axe.run(include ? { include: [include] } : document, { resultTypes: ["violations"] }),
    selector ?? null,
  );
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
};

/**
 * Expects no serious or critical violation on the page (or inside `selector`). A live page renders
 * again when another test's change reaches it over the event stream (router.refresh()), and a scan
 * that falls inside such a render sees the document half-replaced (no <title> for a moment): the
 * scan is repeated until it passes, for at most 30 s, so a violation that stays still fails.
 */
export const expectAccessible = async (page: Page, label: string, selector?: string) => {
  // One scan of the longest page (the API reference) can take several seconds on a loaded machine: room for a few.
  await expect(async () => expect(await seriousViolations(page, selector), label).toEqual([])).toPass({ timeout: 30_000 });
};
