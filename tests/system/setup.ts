// Every system-test file: the servers it started are stopped when it ends, also on failure.
import { afterAll } from "vitest";
import { stopAllServers } from "./server";

afterAll(async () => {
  await stopAllServers();
});
