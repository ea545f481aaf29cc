import Link from "next/link";
import type { Metadata } from "next";
import { CircuitRunner } from "@/components/quantum/circuit-runner";
import { env } from "@/lib/config/env";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Run a circuit" };

const CircuitPage = () => (
  <>
    <p>
      <Link href="/quantum">← Quantum analytics</Link>
    </p>
    <div className="page-header">
      <div>
        <h1>Run a circuit</h1>
        <p className="muted" style={{ margin: "0.25rem 0 0" }}>
          OpenQASM 2.0 on the built-in statevector simulator. Running needs a signed-in user or an API key (POST /quantum/run).
        </p>
      </div>
    </div>
    <CircuitRunner quantumUrl={(env().QUANTUM_URL ?? "").replace(/\/+$/, "")} />
  </>
);

export default CircuitPage;
