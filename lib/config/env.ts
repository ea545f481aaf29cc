// Typed environment of the server. Read once per process; every setting has a documented default (README).
import { availableParallelism } from "node:os";
import { z } from "zod";
import { resetLimits, ZLimitsEnv } from "./limits";
import { envSection, type EnvSource } from "./section";

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
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0).describe("Proxy hops whose X-Forwarded-For entries are trusted (0: the header is ignored)"),
  SIGNIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10).describe("Failed sign-ins per account per window before 429"),
  SIGNIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50).describe("Failed sign-ins per client address per window before 429"),
  SIGNIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  ...ZLimitsEnv.shape,
  METRICS_URL: z.string().optional(),
  QUANTUM_URL: z.string().optional(),
  // Reliability and operations (docs/operations.md).
  SIMULATION_THREADS: z.coerce.number().int().min(1).max(64).default(Math.max(1, availableParallelism() - 1)).describe("Worker threads that run simulations"),
  SIMULATION_QUEUE_MAX: z.coerce.number().int().min(0).default(16).describe("Simulations that may wait for a thread; more are 503"),
  SIMULATION_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000).describe("Time limit of one simulation, queue wait included"),
  SIMULATION_MEMORY_MB: z.coerce.number().int().min(32).default(512).describe("Heap cap of one simulation thread (state vectors are outside it); a thread past it is ended and replaced"),
  READER_THREADS: z.coerce.number().int().min(1).max(16).default(1).describe("Worker threads that read and draw submitted programs"),
  READER_QUEUE_MAX: z.coerce.number().int().min(0).default(8).describe("Programs that may wait to be read; more are 503"),
  READER_TIMEOUT_MS: z.coerce.number().int().min(100).default(1_500).describe("Deadline of reading or drawing one program, queue wait included; the thread is ended past it"),
  READER_MEMORY_MB: z.coerce.number().int().min(32).default(128).describe("Heap cap of one reading thread (and of the anonymous analyses' thread)"),
  PUBLIC_SIMULATION_QUEUE_MAX: z.coerce.number().int().min(0).default(4).describe("Anonymous entity analyses that may wait for their one thread; more are 503"),
  PUBLIC_SIMULATION_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000).describe("Deadline of one anonymous entity analysis, queue wait included"),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  DATABASE_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .default("info")
    .describe("Least severe log line written to stdout: request lines are info (error from 500 on)"),
});

export type TEnv = z.infer<typeof ZEnv>;

const section = envSection("configuration", ZEnv);

export const readEnv = (source: EnvSource = process.env): TEnv => section.read(source);

export const env = (): TEnv => section.get();

/** Forget the parsed environment (tests that change process.env). */
export const resetEnv = () => {
  section.reset();
  resetLimits();
};
