// An operator's whole errand by keyboard alone, on a 1440×900 display: create an agent, put it in a
// new squad, assign it a task and move the task across the board, without typing an id, without the
// mouse (every control reached with Tab, as a keyboard user reaches it) and without scrolling past
// one and a half screens. Its records' ids hold "e2e", as every record a test makes (e2e/data.ts).
import { signIn } from "./auth";
import type { Locator } from "@playwright/test";
import { expect, test, type Page } from "./fixtures";
import { keyboardSensorListening } from "./settle";

test.use({ viewport: { width: 1440, height: 900 } });

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user gets there. */
const tabTo = async (page: Page, target: Locator, limit = 80) => {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab did not reach ${target} in ${limit} presses`);
};

/** The furthest the page has been scrolled down since the last navigation, in px. */
const furthestScroll = (page: Page) => page.evaluate(() => (window as unknown as { furthest?: number }).furthest ?? 0);

const ready = (page: Page) => expect(page.getByRole("button", { name: "Keyboard shortcuts" })).toHaveAttribute("data-live", "");

test("create an agent, put it in a squad, assign it a task and move the task, by keyboard only", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signIn(page);
  // Every page of the errand records how far down it was scrolled.
  await page.addInitScript(() => {
    const w = window as unknown as { furthest?: number };
    w.furthest = 0;
    addEventListener("scroll", () => {
      w.furthest = Math.max(w.furthest ?? 0, scrollY);
    });
  });
  const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const agentName = `E2E Keyboard Scout ${stamp}`;
  const squadName = `E2E Keyboard Squad ${stamp}`;
  const task = `E2E keyboard errand ${stamp} for the scout`;
  const scrolled: number[] = [];

  // The agent: c on the list opens its form; the id follows the name.
  await page.goto("/agents");
  await ready(page);
  await page.keyboard.press("c");
  await expect(page).toHaveURL(/\/agents\/new$/);
  await expect(page.getByRole("button", { name: "Create agent" })).toBeEnabled();
  await tabTo(page, page.getByRole("textbox", { name: "Name", exact: true }));
  await page.keyboard.type(agentName);
  await expect(page.getByRole("textbox", { name: "Id", exact: true })).toHaveValue(`e2e-keyboard-scout-${stamp}`);
  await tabTo(page, page.getByRole("textbox", { name: "AI engine" }));
  await page.keyboard.type("gpt-4o");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/agents/e2e-keyboard-scout-${stamp}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(agentName);
  scrolled.push(await furthestScroll(page));

  // The squad: g s, c; the agent found by name and added with Enter.
  await ready(page);
  await page.keyboard.press("g");
  await page.keyboard.press("s");
  await expect(page).toHaveURL(/\/squads$/);
  await expect(page.getByRole("heading", { level: 1, name: "Squads" })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press("c");
  await expect(page).toHaveURL(/\/squads\/new$/);
  await expect(page.getByRole("button", { name: "Create squad" })).toBeEnabled();
  await tabTo(page, page.getByLabel("Squad name"));
  await page.keyboard.type(squadName);
  await tabTo(page, page.getByLabel("Find agents by name"));
  await page.keyboard.type(agentName);
  const add = page.getByRole("button", { name: `Add ${agentName}` });
  await expect(add).toBeVisible();
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `Remove ${agentName}` })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Create squad" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/squads/e2e-keyboard-squad-${stamp}$`));
  await expect(page.getByRole("main")).toContainText(agentName);
  scrolled.push(await furthestScroll(page));

  // The task: g t to the board, c to assign; the agent found by name and chosen with Space.
  await ready(page);
  await page.keyboard.press("g");
  await page.keyboard.press("t");
  await expect(page).toHaveURL(/\/tasks$/);
  // The board (every open and recent task) is the heaviest page of the errand: on a loaded machine it takes a while.
  await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press("c");
  await expect(page).toHaveURL(/\/tasks\/new$/);
  await expect(page.getByRole("button", { name: "Assign task" })).toBeEnabled();
  await tabTo(page, page.getByLabel("Description"));
  await page.keyboard.type(task);
  await expect(page.getByLabel("Task id")).toHaveValue(/^task-e2e-keyboard-errand-/);
  await tabTo(page, page.getByLabel("Find by name"));
  await page.keyboard.type(agentName);
  // Tab enters a radio group at its first radio: wait until the matches are the search's answer (the
  // list shown before it, of the latest agents, may hold the scout among others).
  const choice = page.getByRole("radio", { name: new RegExp(agentName) });
  await expect(page.getByRole("radiogroup", { name: "Matching agents" }).getByRole("radio")).toHaveCount(1);
  await expect(choice).toBeVisible();
  await tabTo(page, choice);
  await page.keyboard.press("Space");
  await expect(choice).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Assign task" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/tasks\?new=/, { timeout: 30_000 });
  scrolled.push(await furthestScroll(page));

  // On the board the new card is in view; picked up with Space, moved right, dropped with Space.
  const handle = page.getByRole("button", { name: `Drag “${task}”` });
  await expect(handle).toBeEnabled();
  await expect(handle).toBeInViewport();
  await tabTo(page, handle, 200);
  // Each key after the board has answered the one before, as its announcements let a keyboard user know.
  const lane = (title: string) => page.getByRole("region", { name: new RegExp(`^${title}`) });
  await page.keyboard.press("Space");
  await expect(lane("Pending")).toHaveAttribute("data-drop", "origin");
  await keyboardSensorListening(page);
  await page.keyboard.press("ArrowRight");
  await expect(lane("Assigned")).toHaveAttribute("data-over", "true");
  await page.keyboard.press("Space");
  await expect(page.getByRole("status").filter({ hasText: `Moved “${task}” to Assigned.` })).toBeVisible();
  scrolled.push(await furthestScroll(page));

  // No page of the errand was scrolled past one and a half screens.
  for (const furthest of scrolled) expect(furthest).toBeLessThanOrEqual(1.5 * 900);
  expect(consoleErrors).toEqual([]);
});
