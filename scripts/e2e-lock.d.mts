// Types of scripts/e2e-lock.mjs (plain ESM, also run by node without a build step).
export declare const E2E_DIST_DIR: ".next-e2e";
/** Makes sure the .next-e2e build is current (building it once no other process reads it) and reads it until releaseE2eBuild. */
export declare const useE2eBuild: (options?: { pid?: number; log?: (message: string) => void; env?: NodeJS.ProcessEnv }) => Promise<void>;
/** This process no longer reads the build. */
export declare const releaseE2eBuild: (options?: { pid?: number }) => void;
