"use client";

// Pick an agent, squad or syndicate by id and open its quantum analysis.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { ANALYSIS_ENTITY_TYPES, type TAnalysisEntityType } from "@/lib/quantum/analyses/schemas";

export const EntityPicker = () => {
  const router = useRouter();
  const [entityType, setEntityType] = useState<TAnalysisEntityType>("agent");
  const [entityId, setEntityId] = useState("");
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = entityId.trim();
    if (!id) return setError("Enter an id");
    router.push(`/quantum/${entityType}/${encodeURIComponent(id)}`);
  };
  return (
    <form className="toolbar" onSubmit={submit} aria-label="Open a quantum analysis">
      <FormField id="entity-type" label="Kind">
        <select id="entity-type" value={entityType} onChange={(event) => setEntityType(event.target.value as TAnalysisEntityType)}>
          {ANALYSIS_ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {type[0].toUpperCase() + type.slice(1)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="entity-id" label="Id" error={error}>
        <input id="entity-id" value={entityId} onChange={(event) => (setEntityId(event.target.value), setError(undefined))} placeholder="agent-0001" />
      </FormField>
      <button type="submit">Open analysis</button>
    </form>
  );
};
