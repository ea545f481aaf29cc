import { readFile } from "node:fs/promises";
import { signIn } from "./auth";
import { expectAccessible } from "./axe";
import { test, expect, type Page } from "./fixtures";
import { seeded } from "./data";
import { overflowing } from "./settle";

// Chromium asks for /favicon.ico on its own; answered here so that request never reaches the console-error fixture.
const quietFavicon = (page: Page) => page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));

test("runs an agent's quantum analysis and shows the metrics, one distribution chart and the PNG as a download", async ({ page }) => {
  await quietFavicon(page);
  // Signed in, so that the run is kept and the history chart has it (anonymous runs are not stored).
  await signIn(page);
  const agent = await seeded(page.request, "/api/agents");

  await page.goto(`/quantum/agent/${encodeURIComponent(agent.id)}`);
  await expect(page.getByRole("heading", { level: 1, name: `Quantum analysis: ${agent.name}` })).toBeVisible();
  await expect(page.getByLabel("Circuit in OpenQASM 3")).toContainText("OPENQASM 3.0;");

  await page.getByLabel("Shots", { exact: true }).fill("2048");
  await page.getByLabel("Seed", { exact: true }).fill("42");
  await page.getByRole("button", { name: "Run analysis" }).click();

  const metrics = page.getByTestId("quantum-metrics");
  await expect(metrics).toContainText("Predicted improvement");
  await expect(metrics).toContainText(/\d+\.\d\/100/);
  await expect(metrics).toContainText("seed 42");
  await expect(page.getByTestId("distribution-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  // One distribution view: the chart, no second picture of it; its figures behind a toggle.
  await expect(page.getByTestId("distribution-chart")).toHaveCount(1);
  await expect(page.getByRole("img", { name: /^Histogram/ })).toHaveCount(0);
  const figures = page.getByRole("region", { name: "Distribution figures" });
  await expect(figures).toBeHidden();
  const toggle = page.locator("figure", { has: page.getByTestId("distribution-chart") }).getByText("Show the figures", { exact: true });
  await toggle.click();
  await expect(figures).toBeVisible();
  await expect(figures.locator("tbody tr").first().locator("td").first()).toHaveText(/^[01]{3}$/);
  await toggle.click();
  await expect(figures).toBeHidden();
  // The server-drawn PNG is a download: a real PNG file, named after the entity.
  const link = page.getByRole("link", { name: "Download the histogram (PNG)" });
  await expect(link).toHaveAttribute("href", /^data:image\/png;base64,iVBORw0KGgo/);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`histogram-agent-${agent.id}.png`);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.length).toBeGreaterThan(1000);
  // Its base64 stays at hand, the same bytes.
  await page.getByText("Image data for scripts (base64)").click();
  expect(Buffer.from(await page.getByLabel("Histogram image data (base64 PNG)").inputValue(), "base64").equals(bytes)).toBe(true);
  await expect(page.getByTestId("quantum-analysis")).toContainText(agent.id);
  await expect(page.getByTestId("runs-chart")).toBeVisible();

  // The result reads on a phone: nothing wider than the screen, no serious accessibility violation.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId("quantum-metrics").getByRole("term").first()).toBeVisible();
  // The chart follows the new width when its resize observer fires: a lasting overflow still fails.
  // The failure names what sticks out (tag, class, right edge).
  await expect.poll(() => overflowing(page)).toEqual([]);
  await expectAccessible(page, "the agent's analysis page");
});

test("the hub opens an analysis by id, and the nav leads there", async ({ page }) => {
  await quietFavicon(page);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Quantum" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Quantum analytics" })).toBeVisible();
  const squad = await seeded(page.request, "/api/squads");
  await page.getByLabel("Kind").selectOption("squad");
  await page.getByLabel("Id", { exact: true }).fill(squad.id);
  await page.getByRole("button", { name: "Open analysis" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Quantum analysis: ${squad.name}` })).toBeVisible();
  await page.getByRole("button", { name: "Run analysis" }).click();
  await expect(page.getByTestId("quantum-metrics").getByRole("term").filter({ hasText: "Optimal role distribution" })).toBeVisible();
});

test("a signed-in user runs an OpenQASM circuit and sees its counts and histogram", async ({ page }) => {
  await quietFavicon(page);
  await signIn(page, "viewer");
  await page.goto("/quantum/circuit");
  await expect(page.getByRole("heading", { level: 1, name: "Run a circuit" })).toBeVisible();
  // Hydrated first: a fill while React takes over the program's box can land after the example instead of replacing it.
  await expect(page.getByRole("button", { name: "Run circuit" })).toBeEnabled();
  await page.getByLabel("OpenQASM 2.0").fill('OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[2];\ncreg c[2];\nh q[0];\ncx q[0], q[1];\nmeasure q -> c;\n');
  await page.getByLabel("Seed", { exact: true }).fill("7");
  await page.getByRole("button", { name: "Run circuit" }).click();
  // A simulation and a PNG rendered on a machine that may be running the other suites too.
  await expect(page.getByRole("link", { name: "Download the histogram (PNG)" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("cell", { name: "00", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "11", exact: true })).toBeVisible();
});

test("the wallet page runs the quantum finance analysis of the linked wallet", async ({ page }) => {
  await quietFavicon(page);
  await signIn(page, "admin");
  await page.goto("/wallet");
  await expect(page.getByRole("heading", { level: 1, name: "Wallet" })).toBeVisible();
  const section = page.getByRole("region", { name: "Quantum finance analysis" });
  await expect(section.getByLabel("Wallet to analyse")).toHaveValue(/^0x[0-9a-f]{40}$/);
  await section.getByLabel("Seed", { exact: true }).fill("3");
  await section.getByRole("button", { name: "Run quantum analysis" }).click();
  await expect(section.getByTestId("distribution-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(section.getByRole("link", { name: "Download the histogram (PNG)" })).toHaveAttribute("href", /^data:image\/png;base64,iVBORw0KGgo/);
  await expect(section.getByRole("cell", { name: /Well-funded|Small/ }).first()).toBeVisible();
  await expect(section.getByText(/^Wallet 0x[0-9a-f]{40}: activity score/)).toBeVisible();
});
