"use client";

// Create a syndicate, or edit its name and squads. Validated with the API's zod schema first;
// saved with react-query; the server page is then refreshed to show the recomputed metrics.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import type { TRole } from "@/lib/agents/schemas";
import { ZSyndicateBody } from "@/lib/syndicates/schemas";
import { EntityPicker, type PickedEntity } from "@/components/squads/entity-picker";
import styles from "@/components/squads/squads.module.css";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useSaveSyndicate } from "./use-syndicates";

export type SyndicateFormSyndicate = { id: string; name: string; squads: PickedEntity[]; declaredStackedRoles: TRole[] | null };

const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join(".")] ??= issue.message;
  return fields;
};

const firstUnder = (errors: Record<string, string>, key: string) =>
  errors[key] ?? Object.entries(errors).find(([path]) => path.startsWith(`${key}.`))?.[1];

export const SyndicateForm = ({ syndicate }: { syndicate?: SyndicateFormSyndicate }) => {
  const mode = syndicate ? "edit" : "create";
  const router = useRouter();
  const save = useSaveSyndicate(mode);
  const [id, setId] = useState(syndicate?.id ?? "");
  const [name, setName] = useState(syndicate?.name ?? "");
  const [squads, setSquads] = useState<PickedEntity[]>(syndicate?.squads ?? []);
  const [deriveRoles, setDeriveRoles] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const declared = syndicate?.declaredStackedRoles && !deriveRoles ? syndicate.declaredStackedRoles : undefined;
    const parsed = ZSyndicateBody.safeParse({ id: id.trim(), name, squads: squads.map((squad) => ({ id: squad.id })), stackedRoles: declared });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        if (mode === "create") {
          router.push(`/syndicates/${encodeURIComponent(parsed.data.id)}`);
        } else {
          setSaved(true);
          setDeriveRoles(false);
        }
        router.refresh();
      },
      onError: (failure) => setErrors(failure instanceof ApiError ? failure.fieldErrors() : {}),
    });
  };

  const described = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `syndicate-${field}-error` } : {});

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={mode === "create" ? "Create syndicate" : "Edit syndicate"}>
      {mode === "create" ? (
        <FormField id="syndicate-id" label="Id" error={errors.id} hint="Letters, digits, '-', '_' or '.'.">
          <input id="syndicate-id" className={styles.wide} value={id} maxLength={128} onChange={(event) => setId(event.target.value)} {...described("id")} />
        </FormField>
      ) : null}
      <FormField id="syndicate-name" label="Syndicate name" error={errors.name}>
        <input id="syndicate-name" className={styles.wide} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} {...described("name")} />
      </FormField>
      <EntityPicker
        legend="Squads"
        noun="squad"
        searchPath="/api/squads"
        selected={squads}
        onChange={(next) => {
          setSquads(next);
          setSaved(false);
        }}
        error={firstUnder(errors, "squads")}
      />
      {syndicate?.declaredStackedRoles ? (
        <label className={styles.check} style={{ marginBottom: "1rem" }}>
          <input type="checkbox" checked={deriveRoles} onChange={(event) => setDeriveRoles(event.target.checked)} />
          Derive stacked roles from the squads instead of the declared ones
        </label>
      ) : null}
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : mode === "create" ? "Create syndicate" : "Save syndicate"}
        </button>
        {mode === "create" ? (
          <Link className="button secondary" href="/syndicates">
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
