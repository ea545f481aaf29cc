"use client";

// Create or edit an agent. Validated here with the API's own zod schema (field-level messages),
// then sent with react-query; the API's problem, if any, is shown as it comes back. Editing
// sends the whole agent (PUT replaces it), history included, unchanged.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { ApiError } from "@/lib/client/api";
import { ROLES_PER_AGENT, ZAgentBody, type TAgent } from "@/lib/agents/schemas";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import styles from "./agents.module.css";
import { useSaveAgent } from "./use-agents";

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

const errorFor = (errors: Record<string, string>, key: string) =>
  errors[key] ?? Object.entries(errors).find(([path]) => path.startsWith(`${key}.`))?.[1];

const described = (id: string, error?: string) => (error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {});

const ROLE_SUGGESTIONS = ["Scout", "Builder", "Defender", "Healer", "Analyst", "Strategist", "Trader"];

export const AgentForm = ({ agent }: { agent?: TAgent }) => {
  const mode = agent ? "edit" : "create";
  const router = useRouter();
  const save = useSaveAgent(mode);
  const [values, setValues] = useState<Values>(() => toValues(agent));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const error = (key: string) => errorFor(errors, key);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const setRole = (index: number, key: keyof RoleValues, value: string) =>
    setValues((current) => ({ ...current, roles: current.roles.map((role, i) => (i === index ? { ...role, [key]: value } : role)) }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZAgentBody.safeParse(toBody(values, agent?.historicalData ?? []));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.map(String).join(".")] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    const id = parsed.data.id;
    save.mutate(parsed.data, {
      onSuccess: () => {
        router.push(`/agents/${encodeURIComponent(id)}`);
        router.refresh();
      },
      onError: (failure) => setErrors(failure instanceof ApiError ? failure.fieldErrors() : {}),
    });
  };

  const text = (id: string, key: keyof Values, label: string, path: string, extra: { hint?: string; readOnly?: boolean; maxLength?: number; list?: string } = {}): ReactNode => (
    <FormField id={id} label={label} error={error(path)} hint={extra.hint}>
      <input
        id={id}
        className={styles.wide}
        value={values[key] as string}
        readOnly={extra.readOnly}
        maxLength={extra.maxLength ?? 200}
        list={extra.list}
        onChange={(event) => set(key, event.target.value as never)}
        {...described(id, error(path))}
      />
    </FormField>
  );

  const numeric = (id: string, key: keyof Values, label: string, path: string, hint?: string): ReactNode => (
    <FormField id={id} label={label} error={error(path)} hint={hint}>
      <input
        id={id}
        className={styles.wide}
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        value={values[key] as string}
        onChange={(event) => set(key, event.target.value as never)}
        {...described(id, error(path))}
      />
    </FormField>
  );

  return (
    <form className="form card" onSubmit={submit} noValidate aria-label={mode === "create" ? "Create agent" : "Edit agent"}>
      <datalist id="role-names">
        {ROLE_SUGGESTIONS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className={styles.fields}>
        {text("agent-id", "id", "Id", "id", {
          readOnly: mode === "edit",
          maxLength: 128,
          hint: mode === "edit" ? "The id cannot change." : "Letters, digits, '-', '_' or '.'.",
        })}
        {text("agent-name", "name", "Name", "name")}
        {text("agent-engine", "aiEngine", "AI engine", "aiEngine", { maxLength: 100 })}
        {text("agent-specialization", "specialization", "Specialization", "specialization", {
          maxLength: 64,
          list: "role-names",
          hint: "Empty: the role that occurs most.",
        })}
        {numeric("agent-xp", "experiencePoints", "Experience points", "experiencePoints")}
      </div>

      <fieldset className={styles.fieldset}>
        <legend>Roles</legend>
        {mode === "create" ? (
          <label className={styles.check}>
            <input type="checkbox" checked={values.mintRoles} onChange={(event) => set("mintRoles", event.target.checked)} />
            Mint five roles automatically (from the id and AI engine)
          </label>
        ) : null}
        {errors.roles ? (
          <div className="field-error" role="alert">
            {errors.roles}
          </div>
        ) : null}
        {values.mintRoles
          ? null
          : values.roles.map((role, index) => (
              <fieldset key={index} className={styles.fieldset}>
                <legend>Role {index + 1}</legend>
                <div className={styles.fields}>
                  <FormField id={`role-${index}-name`} label={`Role ${index + 1} name`} error={error(`roles.${index}.roleName`)}>
                    <input
                      id={`role-${index}-name`}
                      className={styles.wide}
                      list="role-names"
                      maxLength={64}
                      value={role.roleName}
                      onChange={(event) => setRole(index, "roleName", event.target.value)}
                      {...described(`role-${index}-name`, error(`roles.${index}.roleName`))}
                    />
                  </FormField>
                  <FormField id={`role-${index}-function`} label={`Role ${index + 1} primary function`} error={error(`roles.${index}.primaryFunction`)}>
                    <input
                      id={`role-${index}-function`}
                      className={styles.wide}
                      maxLength={200}
                      value={role.primaryFunction}
                      onChange={(event) => setRole(index, "primaryFunction", event.target.value)}
                      {...described(`role-${index}-function`, error(`roles.${index}.primaryFunction`))}
                    />
                  </FormField>
                  <FormField id={`role-${index}-skills`} label={`Role ${index + 1} skills`} hint="Comma-separated" error={error(`roles.${index}.skills`)}>
                    <input
                      id={`role-${index}-skills`}
                      className={styles.wide}
                      value={role.skills}
                      onChange={(event) => setRole(index, "skills", event.target.value)}
                      {...described(`role-${index}-skills`, error(`roles.${index}.skills`))}
                    />
                  </FormField>
                </div>
              </fieldset>
            ))}
      </fieldset>

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

      <FormField id="agent-history" label="Operational history" hint="One event per line, oldest first" error={error("operationalHistory")}>
        <textarea
          id="agent-history"
          className={styles.wide}
          rows={4}
          value={values.operationalHistory}
          onChange={(event) => set("operationalHistory", event.target.value)}
          {...described("agent-history", error("operationalHistory"))}
        />
      </FormField>

      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : mode === "create" ? "Create agent" : "Save changes"}
        </button>
        <Link className="button secondary" href={agent ? `/agents/${encodeURIComponent(agent.id)}` : "/agents"}>
          Cancel
        </Link>
      </div>
      <div style={{ marginTop: "1rem" }}>
        <ProblemAlert error={save.error} />
      </div>
    </form>
  );
};
