import { signIn } from "./auth";
import { test, expect, type Page } from "./fixtures";

const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "e2e-admin-password";

// Chromium asks for /favicon.ico on its own; answered here so that request never reaches the console-error fixture.
const quietFavicon = (page: Page) => page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));

test("runs an agent's quantum analysis and shows the metrics, the chart and the histogram", async ({ page }) => {
  await quietFavicon(page);
  // Signed in, so that the run is kept and the history chart has it (anonymous runs are not stored).
  await signIn(page);
  const response = await page.request.get("/api/agents?limit=1");
  expect(response.ok()).toBe(true);
  const [agent] = (await response.json()) as { id: string; name: string }[];

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
  const histogram = page.getByRole("img", { name: `Histogram of the measured bitstrings for agent ${agent.name}` });
  await expect(histogram).toBeVisible();
  expect(await histogram.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(100);
  await expect(page.getByTestId("quantum-analysis")).toContainText(agent.id);
  await expect(page.getByTestId("runs-chart")).toBeVisible();
});

test("the hub opens an analysis by id, and the nav leads there", async ({ page }) => {
  await quietFavicon(page);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Quantum" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Quantum analytics" })).toBeVisible();
  const [squad] = (await (await page.request.get("/api/squads?limit=1")).json()) as { id: string; name: string }[];
  await page.getByLabel("Kind").selectOption("squad");
  await page.getByLabel("Id", { exact: true }).fill(squad.id);
  await page.getByRole("button", { name: "Open analysis" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Quantum analysis: ${squad.name}` })).toBeVisible();
  await page.getByRole("button", { name: "Run analysis" }).click();
  await expect(page.getByRole("heading", { name: "Optimal role distribution" })).toBeVisible();
});

test("a signed-in user runs an OpenQASM circuit and sees its counts and histogram", async ({ page }) => {
  await quietFavicon(page);
  await page.goto("/signin?next=/quantum/circuit");
  await page.getByLabel("Email").fill("viewer@syndicate.local");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Run a circuit" })).toBeVisible();
  await page.getByLabel("OpenQASM 2.0").fill('OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[2];\ncreg c[2];\nh q[0];\ncx q[0], q[1];\nmeasure q -> c;\n');
  await page.getByLabel("Seed", { exact: true }).fill("7");
  await page.getByRole("button", { name: "Run circuit" }).click();
  await expect(page.getByRole("img", { name: "Histogram of the measured bitstrings" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "00", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "11", exact: true })).toBeVisible();
});

test("the wallet page runs the quantum finance analysis of the linked wallet", async ({ page }) => {
  await quietFavicon(page);
  await page.goto("/signin?next=/wallet");
  await page.getByLabel("Email").fill("admin@syndicate.local");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Wallet" })).toBeVisible();
  const section = page.getByRole("region", { name: "Quantum finance analysis" });
  await expect(section.getByLabel("Wallet to analyse")).toHaveValue(/^0x[0-9a-f]{40}$/);
  await section.getByLabel("Seed", { exact: true }).fill("3");
  await section.getByRole("button", { name: "Run quantum analysis" }).click();
  await expect(section.getByRole("img", { name: "Histogram of the wallet's behaviour bitstrings" })).toBeVisible();
  await expect(section.getByRole("cell", { name: /Well-funded|Small/ }).first()).toBeVisible();
  await expect(section.getByText(/^Wallet 0x[0-9a-f]{40}: activity score/)).toBeVisible();
});
