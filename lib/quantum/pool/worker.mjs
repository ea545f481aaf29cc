// The simulation worker's entry when the sources run as TypeScript (tests, `next dev`): loads the
// task module through tsx. The production build uses a compiled bundle instead (scripts/build-workers.mjs).
import { tsImport } from "tsx/esm/api";

const tasks = await tsImport("./tasks.ts", import.meta.url);

export default tasks.default.default ?? tasks.default;
