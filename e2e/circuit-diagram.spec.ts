// The circuit page's examples, live diagram, parse errors and share link; the analysis page's diagram.
import { forgiveStatus } from "./auth-helpers";
import { signIn } from "./auth";
import { test, expect, type Page } from "./fixtures";
import { seeded } from "./data";

const quietFavicon = (page: Page) => page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));

test("an example draws its diagram, a typo is named by line and column, and a share link restores the program", async ({ page, consoleErrors }) => {
  await quietFavicon(page);
  await signIn(page);
  await page.goto("/quantum/circuit");
  await expect(page.getByRole("heading", { level: 1, name: "Run a circuit" })).toBeVisible();
  // The default program is drawn as soon as the page opens.
  await expect(page.getByRole("img", { name: /^Circuit diagram: 3 qubits, 3 classical bits/ })).toBeVisible();

  await page.getByLabel("Example program").selectOption({ label: "Bell pair" });
  await expect(page.getByRole("img", { name: "Circuit diagram: 2 qubits, 2 classical bits, 4 operations" })).toBeVisible();

  await page.getByLabel("Example program").selectOption({ label: "Teleportation (mid-circuit measurement, if)" });
  const program = page.getByLabel("OpenQASM 2.0 or 3 program");
  await expect(program).toHaveValue(/Teleports the state/);
  const teleport = page.getByRole("img", { name: "Circuit diagram: 3 qubits, 3 classical bits, 11 operations" });
  await expect(teleport).toBeVisible();
  const teleportQasm = await program.inputValue();

  // A typo: the diagram's request answers 400 (the console line is expected) and the place is shown.
  await program.fill(`${teleportQasm}h q[0]\n`);
  await expect(page.getByRole("alert").filter({ hasText: /^Line \d+, column \d+: expected ';'/ })).toBeVisible();
  forgiveStatus(consoleErrors, 400);
  await program.fill(teleportQasm);
  await expect(teleport).toBeVisible();

  await page.getByRole("button", { name: "Create share link" }).click();
  const link = await page.getByLabel("Share link").inputValue();
  expect(link).toMatch(/\/quantum\/circuit\?program=[A-Za-z0-9_-]+$/);

  // Opening the link (at phone width) restores the program and its diagram, and it runs.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await expect(page.getByLabel("OpenQASM 2.0 or 3 program")).toHaveValue(teleportQasm);
  await expect(page.getByLabel("Example program")).toHaveValue("teleport");
  await expect(page.getByRole("img", { name: "Circuit diagram: 3 qubits, 3 classical bits, 11 operations" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.getByLabel("Seed", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Run circuit" }).click();
  await expect(page.getByRole("link", { name: "Download the histogram (PNG)" })).toBeVisible();

  // A damaged link says so and falls back to an example.
  await page.goto("/quantum/circuit?program=%25%25");
  await expect(page.getByRole("status").filter({ hasText: "could not be read" })).toBeVisible();
});

test("signed out, the circuit page asks to sign in instead of sending the program to be drawn", async ({ page }) => {
  await quietFavicon(page);
  const drawn: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/quantum/diagram") drawn.push(request.method());
  });
  await page.goto("/quantum/circuit");
  await expect(page.getByRole("heading", { level: 1, name: "Run a circuit" })).toBeVisible();
  const invitation = page.getByText(/to see the diagram as you type and to run the program/);
  await expect(invitation).toBeVisible();
  await expect(invitation.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", /\/signin\?callbackUrl=%2Fquantum%2Fcircuit/);
  await page.getByLabel("OpenQASM 2.0 or 3 program").fill('OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[1];\nh q[0];');
  // Past the typing debounce (400 ms) and everything it would send: no request has gone out.
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("img", { name: /^Circuit diagram/ })).toHaveCount(0);
  expect(drawn).toEqual([]);
});

test("the analysis page shows the circuit the analysis runs", async ({ page }) => {
  await quietFavicon(page);
  await signIn(page);
  const agent = await seeded(page.request, "/api/agents");
  await page.goto(`/quantum/agent/${encodeURIComponent(agent.id)}`);
  await expect(page.getByRole("img", { name: `Circuit diagram of the agent ${agent.name}'s analysis: 3 qubits, one per dimension` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Circuit diagram" })).toBeVisible();
});
