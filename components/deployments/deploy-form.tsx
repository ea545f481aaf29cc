"use client";

// Start a dApp deployment. Validated here with the API's zod schema, then POSTed; the API's
// problems are shown as they come back.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import { ZDeployBody } from "@/lib/deployments/schemas";
import type { DeploymentStatusValue } from "@/lib/deployments/status-machine";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import styles from "./deployments.module.css";
import { statusLabel } from "./format";
import { useDeploy } from "./use-deployment";
import { useHydrated } from "@/components/ui/use-hydrated";

const START_STATUSES: DeploymentStatusValue[] = ["queued", "in_progress"];
const LAYERS = ["Layer1", "Layer2"];

const FIELDS = [
  ["name", "dApp name"],
  ["version", "Version"],
  ["useCase", "Use case"],
  ["deployedBy", "Deployed by"],
] as const;

type Values = Record<"id" | "name" | "version" | "industry" | "useCase" | "deployedBy" | "network" | "networkLayer" | "contractAddress" | "notes", string> & {
  deploymentStatus: DeploymentStatusValue;
};

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

const toBody = (values: Values) => ({
  id: values.id.trim(),
  name: values.name,
  version: values.version,
  industry: values.industry,
  useCase: values.useCase,
  deployedBy: values.deployedBy,
  deploymentStatus: values.deploymentStatus,
  configuration: { network: optional(values.network), networkLayer: optional(values.networkLayer), contractAddress: optional(values.contractAddress) },
  metadata: { notes: optional(values.notes) },
});

const described = (id: string, error?: string) => (error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {});

export const DeployForm = ({ industries, networks }: { industries: string[]; networks: string[] }) => {
  const router = useRouter();
  const deploy = useDeploy();
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values>({
    id: "",
    name: "",
    version: "",
    industry: industries[0] ?? "",
    useCase: "",
    deployedBy: "",
    deploymentStatus: "queued",
    network: "",
    networkLayer: "",
    contractAddress: "",
    notes: "",
  });
  const [idTouched, setIdTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (key: keyof Values, value: string) =>
    setValues((current) => {
      const next = { ...current, [key]: value } as Values;
      if (!idTouched && (key === "name" || key === "version")) next.id = slug([next.name, next.version].filter(Boolean).join("-"));
      return next;
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZDeployBody.safeParse(toBody(values));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join(".")] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    deploy.mutate(parsed.data, {
      onSuccess: (created) => {
        router.push(`/deployments/${encodeURIComponent(created.id)}`);
        router.refresh();
      },
      onError: (failure) => setErrors(failure instanceof ApiError ? failure.fieldErrors() : {}),
    });
  };

  return (
    <form className={`form card ${styles.form}`} onSubmit={submit} noValidate aria-label="Start a deployment">
      {FIELDS.map(([key, label]) => (
        <FormField key={key} id={`deploy-${key}`} label={label} error={errors[key]}>
          <input id={`deploy-${key}`} value={values[key]} onChange={(event) => set(key, event.target.value)} {...described(`deploy-${key}`, errors[key])} />
        </FormField>
      ))}
      <FormField id="deploy-id" label="Deployment id" error={errors.id} hint="Letters, digits, '-', '_' or '.'; suggested from the name and version.">
        <input
          id="deploy-id"
          value={values.id}
          onChange={(event) => {
            setIdTouched(true);
            set("id", event.target.value);
          }}
          {...described("deploy-id", errors.id)}
        />
      </FormField>
      <FormField id="deploy-industry" label="Industry" error={errors.industry}>
        <select id="deploy-industry" value={values.industry} onChange={(event) => set("industry", event.target.value)}>
          {industries.map((industry) => (
            <option key={industry}>{industry}</option>
          ))}
        </select>
      </FormField>
      <FormField id="deploy-status" label="Initial status" error={errors.deploymentStatus}>
        <select id="deploy-status" value={values.deploymentStatus} onChange={(event) => set("deploymentStatus", event.target.value)}>
          {START_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="deploy-network" label="Network" error={errors["configuration.network"]} hint="Optional, e.g. base-mainnet">
        <input id="deploy-network" list="deploy-networks" value={values.network} onChange={(event) => set("network", event.target.value)} />
        <datalist id="deploy-networks">
          {networks.map((network) => (
            <option key={network} value={network} />
          ))}
        </datalist>
      </FormField>
      <FormField id="deploy-layer" label="Network layer" error={errors["configuration.networkLayer"]}>
        <select id="deploy-layer" value={values.networkLayer} onChange={(event) => set("networkLayer", event.target.value)}>
          <option value="">Not set</option>
          {LAYERS.map((layer) => (
            <option key={layer}>{layer}</option>
          ))}
        </select>
      </FormField>
      <FormField id="deploy-contract" label="Contract address" error={errors["configuration.contractAddress"]} hint="Optional; known once the contract is on chain.">
        <input id="deploy-contract" value={values.contractAddress} onChange={(event) => set("contractAddress", event.target.value)} />
      </FormField>
      <FormField id="deploy-notes" label="Notes" error={errors["metadata.notes"]}>
        <textarea id="deploy-notes" rows={3} value={values.notes} onChange={(event) => set("notes", event.target.value)} />
      </FormField>
      <div className="row">
        <button type="submit" disabled={!hydrated || deploy.isPending}>
          {deploy.isPending ? "Starting…" : "Start deployment"}
        </button>
        <Link className="button secondary" href="/deployments">
          Cancel
        </Link>
      </div>
      <div style={{ marginTop: "1rem" }}>
        <ProblemAlert error={deploy.error} />
      </div>
    </form>
  );
};
