// Typed environment. Read once per process; every setting has a documented default (README).
import { z } from "zod";

const ZBooleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const ZEnv = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
    .optional()
    .describe("A PostgreSQL server; unset means the embedded database"),
  DATA_DIR: z.string().min(1).default("./.data").describe("Where the embedded database lives"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SEED_ON_FIRST_START: ZBooleanFlag.optional().describe("Seed demo data into an empty database at start"),
  ADMIN_EMAIL: z.string().email().default("admin@syndicate.local"),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  REDIS_URL: z.string().optional(),
  API_PUBLIC_READS: ZBooleanFlag.default(true),
  RATE_LIMIT_PER_KEY: z.coerce.number().int().min(1).default(600).describe("Requests per window for one API key or user"),
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(300).describe("Requests per window for one anonymous client address"),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  SHOTS_MAX: z.coerce.number().int().min(1).default(1_000_000),
  METRICS_URL: z.string().optional(),
  QUANTUM_URL: z.string().optional(),
});

export type TEnv = z.infer<typeof ZEnv>;

// Empty strings in the environment mean "unset", as a user writing `FOO=` expects.
const cleaned = (source: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));

export const readEnv = (source: Record<string, string | undefined> = process.env): TEnv => {
  const parsed = ZEnv.safeParse(cleaned(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
};

let cached: TEnv | undefined;
export const env = (): TEnv => (cached ??= readEnv());

/** Forget the parsed environment (tests that change process.env). */
export const resetEnv = () => {
  cached = undefined;
};
