// Against the production build: a large simulation runs on a worker thread, so health checks keep
// answering while it is in flight.
import { test, expect } from "./fixtures";
import { signIn } from "./auth";
import { apiWrite } from "./auth-helpers";
import { heavyCircuit } from "../tests/reliability/circuits";

test("health and readiness keep answering while a multi-second simulation runs", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page);
  // Warm both routes (a production server loads a route's code on its first request).
  expect((await page.request.get("/api/health")).status()).toBe(200);
  expect((await page.request.get("/api/health/ready")).status()).toBe(200);
  // 20 qubits × 2,048 gates at 10^6 shots, three qubits measured: seconds of work for one thread.
  let finished = false;
  const run = apiWrite(page.request, baseURL!, "POST", "/quantum/run", { qasm: heavyCircuit(20, 2048, 3), shots: 1_000_000, seed: 3 }).then((response) => {
    finished = true;
    return response;
  });
  await page.waitForTimeout(500);
  const answered: number[] = [];
  while (!finished) {
    const started = Date.now();
    const [health, ready] = await Promise.all([page.request.get("/api/health"), page.request.get("/api/health/ready")]);
    if (finished) break;
    expect(health.status()).toBe(200);
    expect(ready.status()).toBe(200);
    answered.push(Date.now() - started);
    await page.waitForTimeout(100);
  }
  const response = await run;
  expect(response.status()).toBe(200);
  expect((await response.json()).qubits).toBe(20);
  expect(Object.keys((await response.json()).counts)).toHaveLength(8);
  // Several health answers came back while the simulation was still running (on the request
  // thread they would all have waited for it), each in a small fraction of its time.
  expect(answered.length).toBeGreaterThanOrEqual(3);
  expect(Math.max(...answered)).toBeLessThan(2_000);
});
