// `npm test`'s "build" step: the production build the system and browser tests run
// (.next-e2e), rebuilt only when a source is newer, once no other run on this checkout serves it
// (scripts/e2e-lock.mjs).
import { releaseE2eBuild, useE2eBuild } from "./e2e-lock.mjs";

try {
  await useE2eBuild({ log: (message) => console.log(message) });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
} finally {
  releaseE2eBuild();
}
