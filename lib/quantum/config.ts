// The quantum area's settings, read from the environment once per process (resetQuantumConfig for
// tests). Shots are bounded by SHOTS_MAX from the shared limits.
import { z } from "zod";
import { shotsMax } from "../config/limits";
import { envSection } from "../config/section";

const ZQuantumEnv = z.object({
  QUANTUM_MAX_QUBITS: z.coerce.number().int().min(1).max(30).default(24).describe("Largest register the simulator allocates (2^n × 16 bytes)"),
  QUANTUM_MAX_GATE_WORK: z.coerce.number().min(1).default(2 ** 33).describe("Gates × 2^qubits a submitted circuit may cost"),
  QUANTUM_MAX_GATES: z.coerce.number().int().min(1).default(100_000).describe("Operations a submitted circuit may expand to (counted while user gates are expanded)"),
  QUANTUM_MAX_EXPANSION_STEPS: z.coerce.number().int().min(1).default(2_000_000).describe("Steps reading a submitted program may take: operations produced or copied by modifiers, condition bits attached, expression nodes evaluated"),
  QUANTUM_READ_TIMEOUT_MS: z.coerce.number().int().min(10).default(1_000).describe("Milliseconds reading a submitted program may take on its thread (a 400 past it)"),
  QUANTUM_MAX_QASM_BYTES: z.coerce.number().int().min(1).default(200_000).describe("Bytes of a submitted OpenQASM program"),
  QUANTUM_MAX_CLBITS: z.coerce.number().int().min(1).max(1_000_000).default(1024).describe("Classical bits a submitted program may declare"),
  QUANTUM_MAX_GATE_DEFINITIONS: z.coerce.number().int().min(1).default(1000).describe("Gate definitions in one submitted program"),
  QUANTUM_MAX_GATE_NESTING: z.coerce.number().int().min(1).max(1000).default(64).describe("How deep gate definitions may call other definitions"),
  QUANTUM_MAX_EXPRESSION_DEPTH: z.coerce.number().int().min(1).max(1000).default(100).describe("Depth of a parameter expression"),
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

const section = envSection("quantum configuration", ZQuantumEnv);

export const quantumConfig = (): TQuantumConfig => ({ ...section.get(), SHOTS_MAX: shotsMax() });

/** Forget the parsed settings (tests that change process.env). */
export const resetQuantumConfig = section.reset;
