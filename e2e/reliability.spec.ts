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
  // 22 qubits × 2,048 gates, every qubit put in superposition first, at 10^6 shots, three qubits
  // measured: 2^33 gates × amplitudes, the most one request may cost (QUANTUM_MAX_GATE_WORK),
  // about 2 s on two threads of a fast machine. (20 qubits × 2,048 gates of a sparser circuit took
  // 0.6 s on one, too short to probe health more than twice while it ran.)
  let finished = false;
  const run = apiWrite(page.request, baseURL!, "POST", "/quantum/run", { qasm: heavyCircuit(22, 2048, 3, { dense: true }), shots: 1_000_000, seed: 3 }).then((response) => {
    finished = true;
    return response;
  });
  // Health is asked again and again, one request after the other, until the run answers: each
  // answer that comes back before the run's own answer was given while the simulation ran (on the
  // request thread, every one of them would have waited for it). No timing is asserted.
  let answeredDuringRun = 0;
  while (!finished) {
    const [health, ready] = await Promise.all([page.request.get("/api/health"), page.request.get("/api/health/ready")]);
    if (finished) break;
    expect(health.status()).toBe(200);
    expect(ready.status()).toBe(200);
    answeredDuringRun += 1;
  }
  const response = await run;
  expect(response.status()).toBe(200);
  expect((await response.json()).qubits).toBe(22);
  expect(Object.keys((await response.json()).counts)).toHaveLength(8);
  expect(answeredDuringRun).toBeGreaterThanOrEqual(3);
});
