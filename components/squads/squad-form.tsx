"use client";

// Create a squad, or edit its name and members. Validated with the API's zod schema first;
// saved with react-query; after an edit the server page is refreshed, so the aggregated metrics
// shown are the ones the API recomputed from the new members.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import type { TRole } from "@/lib/agents/schemas";
import { ZSquadBody } from "@/lib/squads/schemas";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { EntityPicker, type PickedEntity } from "./entity-picker";
import styles from "./squads.module.css";
import { useSaveSquad } from "./use-squads";

export type SquadFormSquad = { id: string; name: string; members: PickedEntity[]; declaredStackedRoles: TRole[] | null };

const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join(".")] ??= issue.message;
  return fields;
};

const firstUnder = (errors: Record<string, string>, key: string) =>
  errors[key] ?? Object.entries(errors).find(([path]) => path.startsWith(`${key}.`))?.[1];

export const SquadForm = ({ squad }: { squad?: SquadFormSquad }) => {
  const mode = squad ? "edit" : "create";
  const router = useRouter();
  const save = useSaveSquad(mode);
  const [id, setId] = useState(squad?.id ?? "");
  const [name, setName] = useState(squad?.name ?? "");
  const [members, setMembers] = useState<PickedEntity[]>(squad?.members ?? []);
  const [deriveRoles, setDeriveRoles] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const declared = squad?.declaredStackedRoles && !deriveRoles ? squad.declaredStackedRoles : undefined;
    const parsed = ZSquadBody.safeParse({ id: id.trim(), name, agents: members.map((member) => ({ id: member.id })), stackedRoles: declared });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        if (mode === "create") {
          router.push(`/squads/${encodeURIComponent(parsed.data.id)}`);
        } else {
          setSaved(true);
          setDeriveRoles(false);
        }
        router.refresh();
      },
      onError: (failure) => setErrors(failure instanceof ApiError ? failure.fieldErrors() : {}),
    });
  };

  const described = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `squad-${field}-error` } : {});

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={mode === "create" ? "Create squad" : "Edit squad"}>
      {mode === "create" ? (
        <FormField id="squad-id" label="Id" error={errors.id} hint="Letters, digits, '-', '_' or '.'.">
          <input id="squad-id" className={styles.wide} value={id} maxLength={128} onChange={(event) => setId(event.target.value)} {...described("id")} />
        </FormField>
      ) : null}
      <FormField id="squad-name" label="Squad name" error={errors.name}>
        <input id="squad-name" className={styles.wide} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} {...described("name")} />
      </FormField>
      <EntityPicker
        legend="Members"
        noun="agent"
        searchPath="/api/agents"
        selected={members}
        onChange={(next) => {
          setMembers(next);
          setSaved(false);
        }}
        error={firstUnder(errors, "agents")}
      />
      {squad?.declaredStackedRoles ? (
        <label className={styles.check} style={{ marginBottom: "1rem" }}>
          <input type="checkbox" checked={deriveRoles} onChange={(event) => setDeriveRoles(event.target.checked)} />
          Derive stacked roles from the members instead of the declared ones
        </label>
      ) : null}
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : mode === "create" ? "Create squad" : "Save squad"}
        </button>
        {mode === "create" ? (
          <Link className="button secondary" href="/squads">
            Cancel
          </Link>
        ) : null}
        <span role="status" className="muted">
          {saved && !save.isPending ? "Saved; metrics recomputed." : ""}
        </span>
      </div>
      <div style={{ marginTop: "1rem" }}>
        <ProblemAlert error={save.error} />
      </div>
    </form>
  );
};
