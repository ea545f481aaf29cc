import Link from "next/link";
import type { Metadata } from "next";
import { QuantumJobs } from "@/components/quantum/quantum-jobs";
import { currentUser } from "@/lib/auth/get-current-user";
import { env } from "@/lib/config/env";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Quantum jobs" };

const QuantumJobsPage = async () => {
  const user = await currentUser();
  return (
    <>
      <p>
        <Link href="/quantum">← Quantum analytics</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>Quantum jobs</h1>
          <p className="muted" style={{ margin: "0.25rem 0 0" }}>
            Circuits queued to run in the background, on the simulator or the hosted backend (POST /quantum/jobs). The list
            updates while a job is queued or running.
          </p>
        </div>
      </div>
      {user ? (
        <QuantumJobs base={(env().QUANTUM_URL ?? "").replace(/\/+$/, "")} />
      ) : (
        <p className="note">
          <Link href="/signin?next=/quantum/queue">Sign in</Link> to queue circuits and see your jobs.
        </p>
      )}
    </>
  );
};

export default QuantumJobsPage;
