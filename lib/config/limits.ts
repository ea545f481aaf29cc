// The settings forms may know too (the quantum forms bound shots with SHOTS_MAX): no secrets and
// nothing server-only, so client-safe schemas import this instead of the server's environment.
// In a browser bundle the variable is absent and the default applies; the server checks again.
import { z } from "zod";
import { envSection } from "./section";

export const ZLimitsEnv = z.object({
  SHOTS_MAX: z.coerce.number().int().min(1).max(2_147_483_647).default(1_000_000), // stored in an integer column
});

const limits = envSection("configuration", ZLimitsEnv);

/** The largest number of shots a quantum run may ask for. */
export const shotsMax = () => limits.get().SHOTS_MAX;

export const resetLimits = limits.reset;
