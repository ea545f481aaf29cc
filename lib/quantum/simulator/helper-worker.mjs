// The simulator helper thread's entry when the sources run as TypeScript (tests, `next dev`):
// loads helper.ts through tsx. The production build compiles helper.ts into
// <distDir>/workers/simulator-helper.mjs instead (scripts/build-workers.mjs).
import { tsImport } from "tsx/esm/api";

await tsImport("./helper.ts", import.meta.url);
