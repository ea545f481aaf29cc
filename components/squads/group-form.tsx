"use client";

// Create a squad or a syndicate, or edit its name and members (agents of a squad, squads of a
// syndicate). Validated with the API's zod schema first; saved with react-query; after an edit
// the server page is refreshed, so the aggregated metrics shown are the ones the API recomputed.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError } from "@/lib/client/api";
import type { TRole } from "@/lib/agents/schemas";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { EntityPicker, type PickedEntity } from "./entity-picker";
import styles from "./squads.module.css";

export type GroupKind = {
  /** "squad" or "syndicate": ids, labels and paths derive from it. */
  noun: string;
  /** The body field listing the members ("agents" or "squads") and what one member is called. */
  membersField: string;
  memberNoun: string;
  membersLegend: string;
  searchPath: string;
  schema: z.ZodType<{ id: string }>;
  useSave: (mode: "create" | "edit") => UseMutationResult<void, Error, never>;
};

export type GroupFormValue = { id: string; name: string; members: PickedEntity[]; declaredStackedRoles: TRole[] | null };

const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join(".")] ??= issue.message;
  return fields;
};

const firstUnder = (errors: Record<string, string>, key: string) =>
  errors[key] ?? Object.entries(errors).find(([path]) => path.startsWith(`${key}.`))?.[1];

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const GroupForm = ({ kind, group }: { kind: GroupKind; group?: GroupFormValue }) => {
  const mode = group ? "edit" : "create";
  const router = useRouter();
  const save = kind.useSave(mode);
  const [id, setId] = useState(group?.id ?? "");
  const [name, setName] = useState(group?.name ?? "");
  const [members, setMembers] = useState<PickedEntity[]>(group?.members ?? []);
  const [deriveRoles, setDeriveRoles] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const { noun } = kind;
  const listPath = `/${noun}s`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const declared = group?.declaredStackedRoles && !deriveRoles ? group.declaredStackedRoles : undefined;
    const parsed = kind.schema.safeParse({
      id: id.trim(),
      name,
      [kind.membersField]: members.map((member) => ({ id: member.id })),
      stackedRoles: declared,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data as never, {
      onSuccess: () => {
        if (mode === "create") {
          router.push(`${listPath}/${encodeURIComponent(parsed.data.id)}`);
        } else {
          setSaved(true);
          setDeriveRoles(false);
        }
        router.refresh();
      },
      onError: (failure) => setErrors(failure instanceof ApiError ? failure.fieldErrors() : {}),
    });
  };

  const described = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${noun}-${field}-error` } : {});

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={`${mode === "create" ? "Create" : "Edit"} ${noun}`}>
      {mode === "create" ? (
        <FormField id={`${noun}-id`} label="Id" error={errors.id} hint="Letters, digits, '-', '_' or '.'.">
          <input id={`${noun}-id`} className={styles.wide} value={id} maxLength={128} onChange={(event) => setId(event.target.value)} {...described("id")} />
        </FormField>
      ) : null}
      <FormField id={`${noun}-name`} label={`${capitalized(noun)} name`} error={errors.name}>
        <input id={`${noun}-name`} className={styles.wide} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} {...described("name")} />
      </FormField>
      <EntityPicker
        legend={kind.membersLegend}
        noun={kind.memberNoun}
        searchPath={kind.searchPath}
        selected={members}
        onChange={(next) => {
          setMembers(next);
          setSaved(false);
        }}
        error={firstUnder(errors, kind.membersField)}
      />
      {group?.declaredStackedRoles ? (
        <label className={styles.check} style={{ marginBottom: "1rem" }}>
          <input type="checkbox" checked={deriveRoles} onChange={(event) => setDeriveRoles(event.target.checked)} />
          Derive stacked roles from the {kind.membersLegend.toLowerCase()} instead of the declared ones
        </label>
      ) : null}
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : `${mode === "create" ? "Create" : "Save"} ${noun}`}
        </button>
        {mode === "create" ? (
          <Link className="button secondary" href={listPath}>
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
