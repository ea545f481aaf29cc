"use client";

// Create a squad or a syndicate, or edit its name and members (agents of a squad, squads of a
// syndicate), on the form kit. Validated with the API's zod schema first; saved with the shared save
// hook; after an edit the server page is refreshed, so the aggregated metrics shown are the ones the
// API recomputed.
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { z } from "zod";
import type { TRole } from "@/lib/agents/schemas";
import { Form, FormFooter, NameAndId, useField, useFormKit } from "@/components/form";
import { RESOURCES } from "@/components/shared/resources";
import { useSaveResource } from "@/components/shared/use-resource";
import { EntityPicker, type MemberSearchPath, type PickedEntity } from "./entity-picker";
import styles from "./groups.module.css";

export type GroupKind = {
  /** "squad" or "syndicate": ids, labels, paths and toasts derive from it. */
  noun: "squad" | "syndicate";
  /** The body field listing the members ("agents" or "squads") and what one member is called. */
  membersField: string;
  memberNoun: string;
  membersLegend: string;
  searchPath: MemberSearchPath;
  schema: z.ZodType<{ id: string }>;
};

export type GroupFormValue = { id: string; name: string; members: PickedEntity[]; declaredStackedRoles: TRole[] | null };

/** The member picker as a kit field: its error, focus on a failed submit, cleared by any change. */
const MembersField = ({ kind, members, onChange }: { kind: GroupKind; members: PickedEntity[]; onChange: (next: PickedEntity[]) => void }) => {
  const { error, clear } = useField(kind.membersField, `${kind.noun}-members`);
  return (
    <div data-invalid={error ? "" : undefined}>
      <EntityPicker
        legend={kind.membersLegend}
        noun={kind.memberNoun}
        searchPath={kind.searchPath}
        selected={members}
        onChange={(next) => {
          clear();
          onChange(next);
        }}
        error={error}
      />
    </div>
  );
};

export const GroupForm = ({ kind, group }: { kind: GroupKind; group?: GroupFormValue }) => {
  const mode = group ? "edit" : "create";
  const { noun } = kind;
  const resource = RESOURCES[noun];
  const router = useRouter();
  const save = useSaveResource<{ id: string }>(noun, mode);
  const kit = useFormKit({ conflictPath: "id" });
  const [id, setId] = useState(group?.id ?? "");
  const [name, setName] = useState(group?.name ?? "");
  const [members, setMembers] = useState<PickedEntity[]>(group?.members ?? []);
  const [deriveRoles, setDeriveRoles] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = () => {
    setSaved(false);
    const declared = group?.declaredStackedRoles && !deriveRoles ? group.declaredStackedRoles : undefined;
    const body = kit.validate(kind.schema, {
      id: id.trim(),
      name,
      [kind.membersField]: members.map((member) => ({ id: member.id })),
      stackedRoles: declared,
    });
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        if (mode === "create") {
          router.push(resource.page(body.id));
        } else {
          setSaved(true);
          setDeriveRoles(false);
        }
        router.refresh();
      },
      onError: kit.failWith,
    });
  };

  return (
    <Form kit={kit} onSubmit={submit} className="form" label={`${mode === "create" ? "Create" : "Edit"} ${noun}`}>
      <NameAndId
        prefix={noun}
        mode={mode}
        name={name}
        id={id}
        nameLabel={`${resource.noun} name`}
        idWhenEditing="hidden"
        onChange={(next) => {
          setName(next.name);
          setId(next.id);
        }}
        className={styles.wide}
      />
      <MembersField
        kind={kind}
        members={members}
        onChange={(next) => {
          setMembers(next);
          setSaved(false);
        }}
      />
      {group?.declaredStackedRoles ? (
        <label className={styles.check} style={{ marginBottom: "1rem" }}>
          <input type="checkbox" checked={deriveRoles} onChange={(event) => setDeriveRoles(event.target.checked)} />
          Derive stacked roles from the {kind.membersLegend.toLowerCase()} instead of the declared ones
        </label>
      ) : null}
      <FormFooter
        pending={save.isPending}
        submitLabel={`${mode === "create" ? "Create" : "Save"} ${noun}`}
        cancelHref={mode === "create" ? resource.listPage : undefined}
      >
        <span role="status" className="muted">
          {saved && !save.isPending ? "Saved; metrics recomputed." : ""}
        </span>
      </FormFooter>
    </Form>
  );
};
