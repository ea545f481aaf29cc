import Link from "next/link";
import type { Metadata } from "next";
import { EntityPicker } from "@/components/quantum/entity-picker";
import { RunSubject } from "@/components/quantum/run-subject";
import { Card } from "@/components/ui/card";
import { currentUser } from "@/lib/auth/get-current-user";
import { listQuantumCandidates, listRuns } from "@/lib/quantum";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatDecimal } from "@/lib/format";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Quantum analytics" };

const KINDS = [
  { key: "agent", title: "Agents" },
  { key: "squad", title: "Squads" },
  { key: "syndicate", title: "Syndicates" },
] as const;

const QuantumPage = async () => {
  const [candidates, recent] = await Promise.all([listQuantumCandidates(5), currentUser().then((user) => listRuns({ limit: 10 }, user))]);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Quantum analytics</h1>
          <p className="muted" style={{ margin: "0.25rem 0 0" }}>
            A statevector simulation of each entity&apos;s metrics: predicted improvement, risk and role recommendations. Each
            analysis says which of its figures are measured and how far its verdict can be trusted.
          </p>
        </div>
        <div className="row">
          <Link className="button secondary" href="/quantum/circuit">
            Run a circuit
          </Link>
          <Link className="button secondary" href="/quantum/queue">
            Jobs
          </Link>
        </div>
      </div>
      <div className="stack">
        <Card title="Open an analysis">
          <EntityPicker />
        </Card>
        <div className="grid-2">
          {KINDS.map((kind) => (
            <Card key={kind.key} title={kind.title}>
              {candidates[kind.key].length === 0 ? (
                <p className="muted">None yet.</p>
              ) : (
                <ul>
                  {candidates[kind.key].map((entity) => (
                    <li key={entity.id}>
                      <Link href={`/quantum/${kind.key}/${encodeURIComponent(entity.id)}`}>{entity.name}</Link> <code>{entity.id}</code>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          ))}
        </div>
        <Card title="Recent runs">
          {recent.items.length === 0 ? (
            <p className="muted">No runs yet.</p>
          ) : (
            <ScrollRegion label="Recent runs">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Entity</th>
                    <th scope="col">Backend</th>
                    <th scope="col">Qubits</th>
                    <th scope="col">Shots</th>
                    <th scope="col">Risk</th>
                    <th scope="col">When (UTC)</th>
                  </tr>
                </thead>
                <tbody>
                  {recent.items.map((run) => (
                    <tr key={run.id}>
                      <td>
                        <RunSubject run={run} />
                      </td>
                      <td>{run.backend}</td>
                      <td>{run.qubits}</td>
                      <td>{run.shots}</td>
                      <td>{run.riskScore === null ? "—" : formatDecimal(run.riskScore, 1)}</td>
                      <td>{run.createdAt.slice(0, 16).replace("T", " ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </Card>
      </div>
    </>
  );
};

export default QuantumPage;
