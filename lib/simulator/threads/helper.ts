// A helper thread of parallel.ts: waits for a pass, claims chunks of it and runs them on the shared
// statevector, until the thread that started it ends it (parallel.ts, after HELPER_IDLE_MS idle).
import { receiveMessageOnPort, workerData, type MessagePort } from "node:worker_threads";
import { registerMemory } from "../memory/wasm-memory";
import { claimAndRun, CTRL, PARAM, readTask, waitForChange } from "./parallel";

type Data = { ctrl: Int32Array; params: Float64Array; port: MessagePort };

export const helperLoop = ({ ctrl, params, port }: Data): never => {
  let state: { id: number; re: Float64Array; im: Float64Array } | undefined;
  // A register in WebAssembly memory arrives with its memory: the views are rebuilt on the memory's
  // own buffer, which is registered so that passes on them run in WebAssembly here too.
  const adopt = (message: { id: number; re: Float64Array; im: Float64Array; memory?: WebAssembly.Memory }) => {
    if (!message.memory) return message;
    const buffer = registerMemory(message.memory);
    const { re, im } = message;
    return { id: message.id, re: new Float64Array(buffer, re.byteOffset, re.length), im: new Float64Array(buffer, im.byteOffset, im.length) };
  };
  const attach = (id: number) => {
    while (state?.id !== id) {
      const message = receiveMessageOnPort(port)?.message as Parameters<typeof adopt>[0] | undefined;
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
    if (stateId === 0 && state) {
      // The run is over: drop the state and any message still queued.
      state = undefined;
      while (receiveMessageOnPort(port));
    }
    waitForChange(ctrl, CTRL.next, word, 1000);
  }
};

helperLoop(workerData as Data);
