import { signIn } from "./auth";
import { answerFavicon, apiWrite } from "./auth-helpers";
import { test, expect } from "./fixtures";
import { heavyCircuit } from "../tests/reliability/circuits";

// As costly as one program may be (2^33 gate-amplitude steps: 22 qubits, every one in superposition,
// 2,048 gates), long enough to be seen running and cancelled. Not 20 qubits × 8,192 gates, the same
// cost: reading those 8,000 lines took more than the 1 s reading deadline (QUANTUM_READ_TIMEOUT_MS) on
// a busy machine, and the job ended in an error before it could be cancelled.
const heavy = () => heavyCircuit(22, 2048, 2, { dense: true });

test("queues circuits as jobs, shows their status live, and cancels a running one", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await answerFavicon(page);
  await signIn(page);
  await page.goto("/quantum/queue");
  await expect(page.getByRole("heading", { level: 1, name: "Quantum jobs" })).toBeVisible();

  // The example circuit: queued, then done without a reload.
  await page.getByRole("button", { name: "Queue job" }).click();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.nth(1).locator(".badge")).toHaveText("done", { timeout: 30_000 });
  await expect(rows.nth(1).getByRole("link", { name: "Result (JSON)" })).toBeVisible();

  // A long one (queued through the API: the program is 2,000 lines), seen running, then cancelled by its owner.
  const queued = await apiWrite(page.request, baseURL!, "POST", "/quantum/jobs", { qasm: heavy(), shots: 10 });
  expect(queued.status()).toBe(202);
  await page.reload();
  const newest = rows.nth(1);
  await expect(newest.locator(".badge")).toHaveText(/queued|running/);
  await expect(newest.locator(".badge")).toHaveText("running", { timeout: 20_000 });
  await newest.getByRole("button", { name: "Cancel", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel job" }).click();
  await expect(newest.locator(".badge")).toHaveText("cancelled", { timeout: 10_000 });
  await expect(newest.getByRole("button", { name: "Cancel", exact: true })).toHaveCount(0);
});
