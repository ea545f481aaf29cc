// Account settings, read from the environment once per process.
import { z } from "zod";
import { envSection } from "../config/section";

const ZAuthEnv = z.object({
  API_KEYS_PER_USER_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(20)
    .describe("Active (not revoked) API keys one user may hold; a create past it is a 409"),
  AGENT_CREDENTIALS_PER_AGENT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000)
    .default(10)
    .describe("Active (not revoked) credentials one agent may hold; an issue past it is a 409"),
});

const section = envSection("account configuration", ZAuthEnv);

export const authConfig = () => section.get();

/** Tests: read the environment again on next use. */
export const resetAuthConfig = () => section.reset();
