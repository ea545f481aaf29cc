import type { BuildOptions } from "esbuild";
export declare const WORKER_BUILD_OPTIONS: BuildOptions;
export declare const workerEntries: (root: string) => { simulation: string; "simulator-helper": string };
