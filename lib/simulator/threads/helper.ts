// A helper thread of parallel.ts: waits for a pass, claims chunks of it and runs them on the shared
// statevector, until the thread that started it ends it (parallel.ts, after HELPER_IDLE_MS idle).
import { receiveMessageOnPort, workerData, type MessagePort } from "node:worker_threads";
import { registerMemory } from "../memory/wasm-memory";
import { claimAndRun, CTRL, PARAM, readTask, waitForChange } from "./parallel";

type Data = { ctrl: Int32Array; params: Float64Array; port: MessagePort };

type Message = { id: number; re: Float64Array; im: Float64Array; memory?: WebAssembly.Memory };

/** Whether run `id` comes after run `than` (ids count up and wrap at 2^31). */
const after = (id: number, than: number) => ((id - than) | 0) > 0;

export const helperLoop = ({ ctrl, params, port }: Data): never => {
  let state: { id: number; re: Float64Array; im: Float64Array } | undefined;
  // A register in WebAssembly memory arrives with its memory: the views are rebuilt on the memory's
  // own buffer, which is registered so that passes on them run in WebAssembly here too.
  const adopt = (message: Message) => {
    if (!message.memory) return message;
    const buffer = registerMemory(message.memory);
    const { re, im } = message;
    return { id: message.id, re: new Float64Array(buffer, re.byteOffset, re.length), im: new Float64Array(buffer, im.byteOffset, im.length) };
  };
  const attach = (id: number) => {
    while (state?.id !== id) {
      const message = receiveMessageOnPort(port)?.message as Message | undefined;
      if (message) state = adopt(message);
      // The message was posted before the pass was published; it is on its way.
      else Atomics.wait(ctrl, CTRL.alive, 1, 1);
    }
    return state;
  };
  Atomics.store(ctrl, CTRL.alive, 1);
  for (;;) {
    const word = Atomics.load(ctrl, CTRL.next);
    const gen = word >>> 16;
    const stateId = Atomics.load(ctrl, CTRL.state);
    if ((word & 0xffff) < Atomics.load(ctrl, CTRL.chunks) && stateId !== 0 && params[PARAM.state] === stateId) {
      const current = attach(stateId);
      claimAndRun(ctrl, gen, current.re, current.im, readTask(params), params[PARAM.chunkSize], true);
      continue;
    }
    const ended = Atomics.load(ctrl, CTRL.ended);
    if (stateId === 0 && state && !after(state.id, ended)) {
      // Its run is over: drop the state and the messages of runs that ended since (each holds its
      // register), but not one of a run to come. The caller posts a run's message before it
      // publishes the run, so a message can be queued for a run this helper has not seen yet;
      // dropping it too left the helper waiting for it forever, and every run after it was the
      // calling thread's alone.
      state = undefined;
      for (let queued = receiveMessageOnPort(port); queued; queued = receiveMessageOnPort(port)) {
        const message = queued.message as Message;
        if (after(message.id, ended)) {
          state = adopt(message);
          break;
        }
      }
    }
    waitForChange(ctrl, CTRL.next, word, 1000);
  }
};

helperLoop(workerData as Data);
