"use client";

// The engine form of Settings → Engines, for admins: add an engine, or change one. The API key is a
// password field that is never filled in: on an edit an empty key keeps the kept one, "Remove the
// key" drops it. Limits left empty are the server's defaults.
import { Fragment, useState } from "react";
import { Field, Form, FormFooter, useFormKit } from "@/components/form";
import { ZCreateEngineBody, ZUpdateEngineBody, type TEngine } from "@/lib/engines/schemas";
import { useCreateEngine, useUpdateEngine } from "./use-engines";
import { keyHint } from "./engine-facts";
import styles from "./engines.module.css";

type Values = {
  name: string;
  baseUrl: string;
  model: string;
  apiKey: string;
  removeKey: boolean;
  inputPrice: string;
  outputPrice: string;
  maxSteps: string;
  maxTokens: string;
  maxCost: string;
  maxRunSeconds: string;
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

const initialValues = (engine?: TEngine): Values => ({
  name: engine?.name ?? "",
  baseUrl: engine?.baseUrl ?? "",
  model: engine?.model ?? "",
  apiKey: "",
  removeKey: false,
  inputPrice: text(engine?.inputPricePerMillion),
  outputPrice: text(engine?.outputPricePerMillion),
  maxSteps: text(engine?.maxSteps),
  maxTokens: text(engine?.maxTokens),
  maxCost: text(engine?.maxCost),
  maxRunSeconds: text(engine?.maxRunSeconds),
});

/** A number field's value: `blank` when empty, else the number (NaN, which the schema refuses, when not one). */
const numberOr = <Blank,>(value: string, blank: Blank) => (value.trim() === "" ? blank : Number(value));

const LIMITS = [
  { key: "maxSteps", label: "Steps per run", hint: "Model and tool calls", whole: true },
  { key: "maxTokens", label: "Tokens per run", hint: "Input and output", whole: true },
  { key: "maxCost", label: "Cost per run (USD)", hint: "Empty: no cost limit unless the server sets one", whole: false },
  { key: "maxRunSeconds", label: "Seconds per run", hint: "Working time; waiting for approval does not count", whole: true },
] as const;

export const EngineForm = ({ engine, onDone }: { engine?: TEngine; onDone?: () => void }) => {
  const editing = engine !== undefined;
  const prefix = editing ? `engine-${engine.id}` : "engine-new";
  const kit = useFormKit({ conflictPath: "name" });
  const [values, setValues] = useState<Values>(() => initialValues(engine));
  const create = useCreateEngine();
  const update = useUpdateEngine();
  const set = <Key extends keyof Values>(key: Key, value: Values[Key]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    // Empty limits: the server's defaults (left out when adding, null when changing, which clears one).
    const limits = Object.fromEntries(LIMITS.map(({ key }) => [key, numberOr(values[key], editing ? null : undefined)]));
    const common = { name: values.name, baseUrl: values.baseUrl, model: values.model, ...limits };
    if (!editing) {
      const body = kit.validate(ZCreateEngineBody, {
        ...common,
        apiKey: values.apiKey === "" ? undefined : values.apiKey,
        inputPricePerMillion: numberOr(values.inputPrice, undefined),
        outputPricePerMillion: numberOr(values.outputPrice, undefined),
      });
      if (!body) return;
      create.mutate(body, {
        onSuccess: () => {
          setValues(initialValues());
          onDone?.();
        },
        onError: kit.failWith,
      });
      return;
    }
    const body = kit.validate(ZUpdateEngineBody, {
      ...common,
      // A new key replaces the kept one, null removes it, and leaving it out keeps it.
      ...(values.removeKey ? { apiKey: null } : values.apiKey === "" ? {} : { apiKey: values.apiKey }),
      inputPricePerMillion: numberOr(values.inputPrice, null),
      outputPricePerMillion: numberOr(values.outputPrice, null),
    });
    if (!body) return;
    update.mutate({ id: engine.id, body }, { onSuccess: () => onDone?.(), onError: kit.failWith });
  };

  const input = (key: Exclude<keyof Values, "removeKey">, path: string, label: string, options: { hint?: string; type?: string; maxLength?: number; step?: string } = {}) => (
    <Field id={`${prefix}-${path}`} path={path} label={label} hint={options.hint}>
      {(control) => (
        <input
          {...control}
          className={styles.wide}
          name={path}
          type={options.type ?? "text"}
          inputMode={options.type === "number" ? "decimal" : options.type === "url" ? "url" : undefined}
          step={options.step}
          min={options.type === "number" ? 0 : undefined}
          maxLength={options.maxLength}
          spellCheck={false}
          value={values[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </Field>
  );

  const hint = engine ? keyHint(engine) : null;
  return (
    <Form kit={kit} onSubmit={submit} className="form" label={editing ? `Edit engine ${engine.name}` : "Add engine"}>
      <div className={styles.fields}>
        {input("name", "name", "Name", { maxLength: 100, hint: "Agents name it in their AI engine to run on it" })}
        {input("model", "model", "Model", { maxLength: 200, hint: "As the endpoint names it, e.g. gpt-4o-mini" })}
      </div>
      {input("baseUrl", "baseUrl", "Base URL", { type: "url", maxLength: 2048, hint: "Chat completions are asked at <base URL>/chat/completions" })}
      <Field
        id={`${prefix}-apiKey`}
        path="apiKey"
        label="API key"
        hint={editing ? (engine.apiKey.set ? `Empty: keep the current key (${hint}).` : "Empty: no key.") : "Sealed when stored and never shown again. Empty: the endpoint takes no key."}
      >
        {(control) => (
          <input
            {...control}
            className={styles.wide}
            name="apiKey"
            type="password"
            // Not the signed-in user's password: a browser must not fill it in.
            autoComplete="new-password"
            spellCheck={false}
            maxLength={4096}
            disabled={values.removeKey}
            value={values.apiKey}
            onChange={(event) => set("apiKey", event.target.value)}
          />
        )}
      </Field>
      {editing && engine.apiKey.set ? (
        <label className={styles.check}>
          <input type="checkbox" checked={values.removeKey} onChange={(event) => set("removeKey", event.target.checked)} />
          Remove the key
        </label>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend>Prices per million tokens (USD)</legend>
        <div className={styles.fields}>
          {input("inputPrice", "inputPricePerMillion", "Input", { type: "number", step: "any", hint: editing ? undefined : "Empty: 0" })}
          {input("outputPrice", "outputPricePerMillion", "Output", { type: "number", step: "any", hint: editing ? undefined : "Empty: 0" })}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Limits per run (optional)</legend>
        <p className="muted" style={{ marginTop: 0 }}>
          Empty: the server&apos;s defaults. A run that reaches a limit fails.
        </p>
        <div className={styles.fields}>
          {LIMITS.map((limit) => (
            <Fragment key={limit.key}>{input(limit.key, limit.key, limit.label, { type: "number", step: limit.whole ? "1" : "any", hint: limit.hint })}</Fragment>
          ))}
        </div>
      </fieldset>
      <FormFooter
        pending={editing ? update.isPending : create.isPending}
        submitLabel={editing ? "Save engine" : "Add engine"}
        pendingLabel={editing ? "Saving…" : "Adding…"}
      >
        {editing && onDone ? (
          <button type="button" className="secondary" onClick={onDone}>
            Cancel
          </button>
        ) : null}
      </FormFooter>
    </Form>
  );
};
