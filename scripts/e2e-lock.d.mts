// Types of scripts/e2e-lock.mjs (plain ESM, also run by node without a build step).
export declare const E2E_DIST_DIR: ".next-e2e";
/** Waits until this process holds the lock on the .next-e2e build folder (a dead holder's lock is taken over). */
export declare const acquireE2eLock: (options?: { pid?: number; log?: (message: string) => void }) => Promise<void>;
/** Gives the lock up when this process holds it. */
export declare const releaseE2eLock: (options?: { pid?: number }) => void;
