// Types of holding-worker.mjs for the tests that import its marker.
export declare const HOLD_PROGRAM: string;
declare const run: (task: unknown) => Promise<unknown>;
export default run;
