"use client";

// A create form's name and the id suggested from it, the one pair of fields every record with a
// client-chosen id starts with (agents, squads, syndicates, marketplace items). The id follows the name
// as it is typed (slugify) until the user types an id of their own; emptied, it follows again. In an
// edit form the id shows read-only, or not at all (`idWhenEditing`). The parent keeps both values.
import { useState } from "react";
import { Field } from "./field";
import { useKit } from "./form";
import { slugify } from "./suggested-id";

export type NameAndIdProps = {
  /** The fields' element ids: `${prefix}-name`, `${prefix}-id`. */
  prefix: string;
  mode: "create" | "edit";
  name: string;
  id: string;
  onChange: (next: { name: string; id: string }) => void;
  nameLabel?: string;
  /** In an edit form: the id read-only ("shown") or left out ("hidden"). */
  idWhenEditing?: "shown" | "hidden";
  className?: string;
};

export const NameAndId = ({ prefix, mode, name, id, onChange, nameLabel = "Name", idWhenEditing = "shown", className }: NameAndIdProps) => {
  const kit = useKit();
  const [byHand, setByHand] = useState(mode === "edit" || id !== "");
  return (
    <>
      <Field id={`${prefix}-name`} path="name" label={nameLabel}>
        {(control) => (
          <input
            {...control}
            className={className}
            value={name}
            maxLength={200}
            onChange={(event) => {
              const next = event.target.value;
              onChange({ name: next, id: byHand ? id : slugify(next) });
              if (!byHand) kit.clear("id");
            }}
          />
        )}
      </Field>
      {mode === "create" || idWhenEditing === "shown" ? (
        <Field id={`${prefix}-id`} path="id" label="Id" hint={mode === "edit" ? "The id cannot change." : "Letters, digits, '-', '_' or '.'; suggested from the name."}>
          {(control) => (
            <input
              {...control}
              className={className}
              value={id}
              readOnly={mode === "edit"}
              maxLength={128}
              onChange={(event) => {
                setByHand(event.target.value !== "");
                onChange({ name, id: event.target.value });
              }}
            />
          )}
        </Field>
      ) : null}
    </>
  );
};
