"use client";

// Create or edit an agent on the form kit: validated with the API's own zod schema, sent with the
// shared save hook, the API's problem mapped back onto the fields. Editing sends the whole agent
// (PUT replaces it), history included, unchanged.
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { ROLES_PER_AGENT, ZAgentBody, type TAgent, type TAgentBody } from "@/lib/agents/schemas";
import { Field, FieldGroup, Form, FormFooter, NameAndId, useFormKit } from "@/components/form";
import { RESOURCES } from "@/components/shared/resources";
import { useSaveResource } from "@/components/shared/use-resource";
import styles from "./agents.module.css";

type RoleValues = { roleName: string; primaryFunction: string; skills: string };

type Values = {
  id: string;
  name: string;
  aiEngine: string;
  specialization: string;
  experiencePoints: string;
  owner: string;
  leased: boolean;
  currentVersion: string;
  skillUpgrades: string;
  uptime: string;
  completionRate: string;
  averageResponseTime: string;
  errorRate: string;
  operationalHistory: string;
  mintRoles: boolean;
  roles: RoleValues[];
};

const emptyRole = (): RoleValues => ({ roleName: "", primaryFunction: "", skills: "" });

const toValues = (agent?: TAgent): Values => ({
  id: agent?.id ?? "",
  name: agent?.name ?? "",
  aiEngine: agent?.aiEngine ?? "",
  specialization: agent?.specialization ?? "",
  experiencePoints: String(agent?.experiencePoints ?? 0),
  owner: agent?.ownershipMetadata.owner ?? "",
  leased: agent?.ownershipMetadata.leased ?? false,
  currentVersion: agent?.dynamicMetadata.currentVersion ?? "",
  skillUpgrades: agent?.dynamicMetadata.skillUpgrades.join(", ") ?? "",
  uptime: String(agent?.performanceMetrics.uptime ?? 0),
  completionRate: String(agent?.performanceMetrics.completionRate ?? 0),
  averageResponseTime: String(agent?.performanceMetrics.averageResponseTime ?? 0),
  errorRate: String(agent?.performanceMetrics.errorRate ?? 0),
  operationalHistory: agent?.operationalHistory.join("\n") ?? "",
  mintRoles: !agent,
  roles: agent
    ? agent.roles.map((role) => ({ roleName: role.roleName, primaryFunction: role.primaryFunction, skills: role.skills.join(", ") }))
    : Array.from({ length: ROLES_PER_AGENT }, emptyRole),
});

const list = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/** Empty means "use the default"; anything else must be a number (zod says so when it is not). */
const number = (text: string) => (text.trim() === "" ? undefined : Number(text));
const optional = (text: string) => (text.trim() === "" ? undefined : text.trim());

const toBody = (values: Values, history: TAgent["historicalData"]) => ({
  id: values.id.trim(),
  name: values.name,
  aiEngine: values.aiEngine,
  specialization: optional(values.specialization),
  experiencePoints: number(values.experiencePoints),
  operationalHistory: list(values.operationalHistory, /\n/),
  ownershipMetadata: { owner: optional(values.owner) ?? null, leased: values.leased },
  dynamicMetadata: { currentVersion: optional(values.currentVersion) ?? null, skillUpgrades: list(values.skillUpgrades, /,/) },
  performanceMetrics: {
    uptime: number(values.uptime),
    completionRate: number(values.completionRate),
    averageResponseTime: number(values.averageResponseTime),
    errorRate: number(values.errorRate),
  },
  roles: values.mintRoles
    ? undefined
    : values.roles.map((role) => ({ roleName: role.roleName, primaryFunction: role.primaryFunction, skills: list(role.skills, /,/) })),
  historicalData: history,
});

const ROLE_SUGGESTIONS = ["Scout", "Builder", "Defender", "Healer", "Analyst", "Strategist", "Trader"];

type TextOptions = { hint?: string; readOnly?: boolean; maxLength?: number; list?: string };

export const AgentForm = ({ agent }: { agent?: TAgent }) => {
  const mode = agent ? "edit" : "create";
  const router = useRouter();
  const save = useSaveResource<TAgentBody>("agent", mode);
  const kit = useFormKit({ conflictPath: "id" });
  const [values, setValues] = useState<Values>(() => toValues(agent));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const setRole = (index: number, key: keyof RoleValues, value: string) =>
    setValues((current) => ({ ...current, roles: current.roles.map((role, i) => (i === index ? { ...role, [key]: value } : role)) }));

  const submit = () => {
    const body = kit.validate(ZAgentBody, toBody(values, agent?.historicalData ?? []));
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        router.push(RESOURCES.agent.page(body.id));
        router.refresh();
      },
      onError: kit.failWith,
    });
  };

  const text = (id: string, key: keyof Values, label: string, path: string, extra: TextOptions = {}): ReactNode => (
    <Field id={id} path={path} label={label} hint={extra.hint}>
      {(control) => (
        <input
          {...control}
          className={styles.wide}
          value={values[key] as string}
          readOnly={extra.readOnly}
          maxLength={extra.maxLength ?? 200}
          list={extra.list}
          onChange={(event) => set(key, event.target.value as never)}
        />
      )}
    </Field>
  );

  const numeric = (id: string, key: keyof Values, label: string, path: string, hint?: string): ReactNode => (
    <Field id={id} path={path} label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          className={styles.wide}
          type="number"
          inputMode="decimal"
          step="any"
          min={0}
          value={values[key] as string}
          onChange={(event) => set(key, event.target.value as never)}
        />
      )}
    </Field>
  );

  const roleField = (index: number, key: keyof RoleValues, suffix: string, label: string, extra: { list?: string; maxLength?: number; hint?: string } = {}) => (
    <Field id={`role-${index}-${suffix}`} path={`roles.${index}.${key}`} label={`Role ${index + 1} ${label}`} hint={extra.hint}>
      {(control) => (
        <input
          {...control}
          className={styles.wide}
          list={extra.list}
          maxLength={extra.maxLength}
          value={values.roles[index][key]}
          onChange={(event) => setRole(index, key, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Form kit={kit} onSubmit={submit} label={mode === "create" ? "Create agent" : "Edit agent"}>
      <datalist id="role-names">
        {ROLE_SUGGESTIONS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className={styles.fields}>
        <NameAndId
          prefix="agent"
          mode={mode}
          name={values.name}
          id={values.id}
          onChange={({ name, id }) => setValues((current) => ({ ...current, name, id }))}
          className={styles.wide}
        />
        {text("agent-engine", "aiEngine", "AI engine", "aiEngine", { maxLength: 100 })}
        {text("agent-specialization", "specialization", "Specialization", "specialization", {
          maxLength: 64,
          list: "role-names",
          hint: "Empty: the role that occurs most.",
        })}
        {numeric("agent-xp", "experiencePoints", "Experience points", "experiencePoints")}
      </div>

      <FieldGroup id="agent-roles" path="roles" exact legend="Roles" className={styles.fieldset}>
        {mode === "create" ? (
          <label className={styles.check}>
            <input type="checkbox" checked={values.mintRoles} onChange={(event) => set("mintRoles", event.target.checked)} />
            Mint five roles automatically (from the id and AI engine)
          </label>
        ) : null}
        {values.mintRoles
          ? null
          : values.roles.map((_, index) => (
              <fieldset key={index} className={styles.fieldset}>
                <legend>Role {index + 1}</legend>
                <div className={styles.fields}>
                  {roleField(index, "roleName", "name", "name", { list: "role-names", maxLength: 64 })}
                  {roleField(index, "primaryFunction", "function", "primary function", { maxLength: 200 })}
                  {roleField(index, "skills", "skills", "skills", { hint: "Comma-separated" })}
                </div>
              </fieldset>
            ))}
      </FieldGroup>

      <fieldset className={styles.fieldset}>
        <legend>Performance metrics</legend>
        <div className={styles.fields}>
          {numeric("agent-uptime", "uptime", "Uptime (%)", "performanceMetrics.uptime", "0–100")}
          {numeric("agent-completion", "completionRate", "Completion rate (%)", "performanceMetrics.completionRate", "0–100")}
          {numeric("agent-response", "averageResponseTime", "Average response time (ms)", "performanceMetrics.averageResponseTime")}
          {numeric("agent-errors", "errorRate", "Error rate (%)", "performanceMetrics.errorRate", "0–100")}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Ownership and version</legend>
        <div className={styles.fields}>
          {text("agent-owner", "owner", "Owner", "ownershipMetadata.owner")}
          {text("agent-version", "currentVersion", "Current version", "dynamicMetadata.currentVersion", { maxLength: 64 })}
        </div>
        <label className={styles.check}>
          <input type="checkbox" checked={values.leased} onChange={(event) => set("leased", event.target.checked)} />
          Leased
        </label>
        {text("agent-upgrades", "skillUpgrades", "Skill upgrades", "dynamicMetadata.skillUpgrades", { hint: "Comma-separated", maxLength: 5000 })}
      </fieldset>

      <Field id="agent-history" path="operationalHistory" label="Operational history" hint="One event per line, oldest first">
        {(control) => <textarea {...control} className={styles.wide} rows={4} value={values.operationalHistory} onChange={(event) => set("operationalHistory", event.target.value)} />}
      </Field>

      <FormFooter
        pending={save.isPending}
        submitLabel={mode === "create" ? "Create agent" : "Save changes"}
        cancelHref={agent ? RESOURCES.agent.page(agent.id) : RESOURCES.agent.listPage}
      />
    </Form>
  );
};
