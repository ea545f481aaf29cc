import Link from "next/link";
import type { Metadata } from "next";
import { DEFAULT_EXAMPLE } from "@/components/quantum/circuit-examples";
import { CircuitStudio } from "@/components/quantum/circuit-studio";
import { decodeProgram, SHARE_PARAM } from "@/components/quantum/share-link";
import { currentUser } from "@/lib/auth/get-current-user";
import { env } from "@/lib/config/env";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Run a circuit" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const CircuitPage = async ({ searchParams }: Props) => {
  // A shared link carries the program (base64url of its UTF-8 bytes, bounded); a bad one is said so.
  const raw = (await searchParams)[SHARE_PARAM];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const shared = value === undefined ? null : decodeProgram(value);
  const user = await currentUser();
  const linkNote = value !== undefined && shared === null ? "The link's program could not be read (damaged or too long); an example is shown instead." : undefined;
  return (
    <>
      <p>
        <Link href="/quantum">← Quantum analytics</Link>
      </p>
      <div className="page-header">
        <div>
          <h1>Run a circuit</h1>
          <p className="muted" style={{ margin: "0.25rem 0 0" }}>
            OpenQASM 2.0 or 3 on the built-in statevector simulator, mid-circuit measurement, reset and if included. The diagram follows what you type;
            drawing and running need a signed-in user.
          </p>
        </div>
      </div>
      <CircuitStudio quantumUrl={(env().QUANTUM_URL ?? "").replace(/\/+$/, "")} initialQasm={shared ?? DEFAULT_EXAMPLE.qasm} linkNote={linkNote} signedIn={user !== null} />
    </>
  );
};

export default CircuitPage;
