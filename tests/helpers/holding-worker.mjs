// A simulation worker for the sandbox tests: a task whose program is exactly HOLD_PROGRAM (any
// lane), or a simulation whose program contains it (a comment, so the program still reads first),
// holds its thread until the run is aborted (the pool then ends the thread), so a test can keep
// every thread of a lane taken for as long as it needs, whatever the machine's speed; it says so
// on the HOLD_CHANNEL broadcast channel once it holds. Every other task goes to the real worker
// named by SIMULATION_REAL_WORKER_FILE.
import { pathToFileURL } from "node:url";

export const HOLD_PROGRAM = "// hold this thread until the run is aborted";
export const HOLD_CHANNEL = "syndicate-test-holding-worker";

let real;
const realWorker = async () => {
  const loaded = await import(pathToFileURL(process.env.SIMULATION_REAL_WORKER_FILE).href);
  return loaded.default?.default ?? loaded.default;
};

const runTask = async (task) => {
  const holds = task.qasm === HOLD_PROGRAM || (task.kind === "circuit" && task.qasm?.includes(HOLD_PROGRAM));
  if (!holds) return (await (real ??= realWorker()))(task);
  task.started?.postMessage("started");
  const channel = new BroadcastChannel(HOLD_CHANNEL);
  channel.postMessage("held");
  channel.close();
  return new Promise(() => {});
};

export default runTask;
