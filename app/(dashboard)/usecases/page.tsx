import type { Metadata } from "next";
import { getUseCases } from "@/lib/usecases";
import { UseCaseCard } from "@/components/usecases/use-case-card";

export const metadata: Metadata = { title: "Use cases" };
export const dynamic = "force-dynamic";

const UseCasesPage = async () => {
  const useCases = Object.entries(await getUseCases());
  return (
    <>
      <h1>Industry use cases</h1>
      <p className="muted">Where agents, squads and syndicates are put to work, and what they achieve there.</p>
      {useCases.length === 0 ? (
        <p className="muted">No use cases are loaded.</p>
      ) : (
        <div className="grid-2">
          {useCases.map(([industry, useCase]) => (
            <UseCaseCard key={industry} industry={industry} useCase={useCase} />
          ))}
        </div>
      )}
    </>
  );
};

export default UseCasesPage;
