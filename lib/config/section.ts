// One way to read a section of the environment: a zod object of its variables, parsed once per
// process on first use. Empty strings mean "unset", as a user writing `FOO=` expects; a bad value
// fails with a message naming each offending variable.
import { z } from "zod";

export type EnvSource = Record<string, string | undefined>;

// Every section's reset, so that one call forgets them all (resetEnvSections: a test process that
// runs many files in one module graph starts each file from the environment as it then is).
const resets = new Set<() => void>();

const cleaned = (source: EnvSource) => Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));

/** `label` names the section in the error ("configuration", "wallet configuration"). */
export const envSection = <T>(label: string, schema: z.ZodType<T>) => {
  const read = (source: EnvSource = process.env): T => {
    const parsed = schema.safeParse(cleaned(source));
    if (!parsed.success) {
      const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
      throw new Error(`Invalid ${label}:\n${lines.join("\n")}`);
    }
    return parsed.data;
  };
  let cached: T | undefined;
  const reset = () => {
    cached = undefined;
  };
  resets.add(reset);
  return {
    read,
    /** The parsed section, read once. */
    get: (): T => (cached ??= read()),
    /** Forget the parsed section (tests that change process.env). */
    reset,
  };
};

/** Forget every parsed section: the next read of each takes process.env as it is then. */
export const resetEnvSections = () => resets.forEach((reset) => reset());

/** A yes/no setting: true, 1, yes or false, 0, no. */
export const ZEnvFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");
