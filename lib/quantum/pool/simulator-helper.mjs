// The simulator engine's helper thread when the sources run as TypeScript (tests, `next dev`):
// loads the engine's helper.ts through tsx. The production build compiles it into
// <distDir>/workers/simulator-helper.mjs instead (scripts/build-workers.mjs); engine.ts tells the
// engine which of the two to start.
import { tsImport } from "tsx/esm/api";

await tsImport("../../simulator/threads/helper.ts", import.meta.url);
