// A simulation worker for the sandbox tests: a task whose program is exactly HOLD_PROGRAM holds its
// thread until the run is aborted (the pool then ends the thread), so a test can keep every thread
// of a lane taken for as long as it needs, whatever the machine's speed; every other task goes to
// the real worker named by SIMULATION_REAL_WORKER_FILE.
import { pathToFileURL } from "node:url";

export const HOLD_PROGRAM = "// hold this thread until the run is aborted";

let real;
const realWorker = async () => {
  const loaded = await import(pathToFileURL(process.env.SIMULATION_REAL_WORKER_FILE).href);
  return loaded.default?.default ?? loaded.default;
};

const runTask = async (task) => {
  if (task.qasm !== HOLD_PROGRAM) return (await (real ??= realWorker()))(task);
  task.started?.postMessage("started");
  return new Promise(() => {});
};

export default runTask;
