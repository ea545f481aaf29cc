// Types of holding-worker.mjs for the tests that import its markers.
export declare const HOLD_PROGRAM: string;
export declare const HOLD_CHANNEL: string;
declare const run: (task: unknown) => Promise<unknown>;
export default run;
