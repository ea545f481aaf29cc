// The quantum area's settings, read from the environment once per process (resetQuantumConfig for
// tests). Shots are bounded by SHOTS_MAX from the shared configuration.
import { z } from "zod";
import { env } from "../config/env";

const ZQuantumEnv = z.object({
  QUANTUM_MAX_QUBITS: z.coerce.number().int().min(1).max(30).default(24).describe("Largest register the simulator allocates (2^n × 16 bytes)"),
  QUANTUM_MAX_GATE_WORK: z.coerce.number().min(1).default(2 ** 33).describe("Gates × 2^qubits a submitted circuit may cost"),
  QUANTUM_MAX_GATES: z.coerce.number().int().min(1).default(100_000),
  QUANTUM_DEFAULT_SHOTS: z.coerce.number().int().min(1).default(1024),
  IBM_QUANTUM_API_KEY: z.string().optional(),
  IBM_QUANTUM_CRN: z.string().optional(),
  IBM_QUANTUM_BACKEND: z.string().optional(),
  IBM_IAM_URL: z.string().url().default("https://iam.cloud.ibm.com"),
  IBM_QUANTUM_URL: z.string().url().default("https://quantum.cloud.ibm.com/api/v1"),
  IBM_API_VERSION: z.string().default("2025-05-01"),
  IBM_QUANTUM_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(15_000),
  IBM_QUANTUM_JOB_TIMEOUT_MS: z.coerce.number().int().min(1).default(300_000),
  IBM_QUANTUM_POLL_MS: z.coerce.number().int().min(1).default(2_000),
});

export type TQuantumConfig = z.infer<typeof ZQuantumEnv> & { SHOTS_MAX: number };

let cached: TQuantumConfig | undefined;

export const quantumConfig = (): TQuantumConfig => {
  if (cached) return cached;
  const source = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = ZQuantumEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid quantum configuration:\n${lines.join("\n")}`);
  }
  cached = { ...parsed.data, SHOTS_MAX: env().SHOTS_MAX };
  return cached;
};

/** Forget the parsed settings (tests that change process.env). */
export const resetQuantumConfig = () => {
  cached = undefined;
};
