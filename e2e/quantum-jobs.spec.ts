import { signIn } from "./auth";
import { answerFavicon, apiWrite } from "./auth-helpers";
import { test, expect } from "./fixtures";

// ~20 s of simulation: long enough to be seen running and cancelled.
const heavy = () => {
  const lines = ["OPENQASM 2.0;", 'include "qelib1.inc";', "qreg q[20];", "creg c[2];"];
  for (let k = 0; k < 8192; k++) {
    const a = k % 20;
    const b = (k * 7 + 3) % 20;
    lines.push(k % 3 === 0 ? `h q[${a}];` : k % 3 === 1 ? `rz(0.${(k % 97) + 1}) q[${a}];` : a === b ? `x q[${a}];` : `cx q[${a}],q[${b}];`);
  }
  lines.push("measure q[0] -> c[0];", "measure q[1] -> c[1];");
  return lines.join("\n");
};

test("queues circuits as jobs, shows their status live, and cancels a running one", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await answerFavicon(page);
  await signIn(page, undefined, undefined, "/quantum/queue");
  await page.goto("/quantum/queue");
  await expect(page.getByRole("heading", { level: 1, name: "Quantum jobs" })).toBeVisible();

  // The example circuit: queued, then done without a reload.
  await page.getByRole("button", { name: "Queue job" }).click();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.nth(1).locator(".badge")).toHaveText("done", { timeout: 30_000 });
  await expect(rows.nth(1).getByRole("link", { name: "Result (JSON)" })).toBeVisible();

  // A long one (queued through the API: the program is 8000 lines), seen running, then cancelled by its owner.
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
