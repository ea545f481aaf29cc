import Link from "next/link";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AnalysisView } from "@/components/quantum/analysis-view";
import { CircuitDiagramImage } from "@/components/quantum/circuit-diagram";
import { Card } from "@/components/ui/card";
import { env } from "@/lib/config/env";
import { unstorableText } from "@/lib/core/text";
import { ANALYSIS_ENTITY_TYPES, entityCircuitDiagram, findEntityName, type TAnalysisEntityType } from "@/lib/quantum";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ entityType: string; entityId: string }> };

const TITLES: Record<TAnalysisEntityType, string> = { agent: "Agent", squad: "Squad", syndicate: "Syndicate" };
const DETAIL_PATHS: Record<TAnalysisEntityType, string> = { agent: "/agents", squad: "/squads", syndicate: "/syndicates" };

// The entity of the page's params, or the 404 page; cached so metadata and page read it once.
const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const loadEntity = cache(async (entityType: string, rawId: string) => {
  const id = decode(rawId);
  if (!ANALYSIS_ENTITY_TYPES.includes(entityType as TAnalysisEntityType) || id.length === 0 || id.length > 128 || unstorableText(id)) notFound();
  const type = entityType as TAnalysisEntityType;
  const name = await findEntityName(type, id);
  if (name === null) notFound();
  return { type, id, name };
});

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const { entityType, entityId } = await params;
  const entity = await loadEntity(entityType, entityId);
  return { title: `Quantum analysis: ${entity.name}` };
};

const QuantumEntityPage = async ({ params }: Props) => {
  const { entityType, entityId } = await params;
  const entity = await loadEntity(entityType, entityId);
  const diagram = await entityCircuitDiagram(entity.type, entity.id);
  return (
    <>
      <Breadcrumbs items={[{ label: "Quantum analytics", href: "/quantum" }, { label: entity.name }]} />
      <div className="page-header">
        <div>
          <h1>Quantum analysis: {entity.name}</h1>
          <p className="muted" style={{ margin: "0.25rem 0 0" }}>
            {TITLES[entity.type]} <Link href={`${DETAIL_PATHS[entity.type]}/${encodeURIComponent(entity.id)}`}><code>{entity.id}</code></Link> · three qubits, one per
            dimension; 1 = healthy, qubit 0 rightmost
          </p>
        </div>
      </div>
      <AnalysisView entityType={entity.type} entityId={entity.id} name={entity.name} quantumUrl={(env().QUANTUM_URL ?? "").replace(/\/+$/, "")} />
      <Card title="Circuit diagram">
        <p className="muted" style={{ marginTop: 0 }}>
          The circuit the analysis runs: one qubit per dimension, RY by its score, controlled rotations for the dependencies between them (GET /quantum/{entity.type}?format=svg).
        </p>
        <CircuitDiagramImage svg={diagram} alt={`Circuit diagram of the ${entity.type} ${entity.name}'s analysis: 3 qubits, one per dimension`} />
      </Card>
    </>
  );
};

export default QuantumEntityPage;
