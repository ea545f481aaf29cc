// Once per system-test run: make sure the build (.next-e2e) is current and read it until the run
// ends, so that no other run on this checkout rebuilds it under our servers (scripts/e2e-lock.mjs).
import { releaseE2eBuild, useE2eBuild } from "../../scripts/e2e-lock.mjs";

export default async function setup() {
  await useE2eBuild({ log: (message) => console.log(message) });
  return () => releaseE2eBuild();
}
