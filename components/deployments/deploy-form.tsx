"use client";

// Start a dApp deployment on the form kit: validated with the API's zod schema, then POSTed; the
// API's problems (409 at the id, …) mapped back onto the fields.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ZDeployBody } from "@/lib/deployments/schemas";
import type { DeploymentStatusValue } from "@/lib/deployments/status-machine";
import { Field, Form, FormFooter, useFormKit } from "@/components/form";
import styles from "./deployments.module.css";
import { formatStatus } from "@/lib/format";
import { useDeploy } from "./use-deployment";
import { DeploymentDetailFields } from "./detail-fields";

const START_STATUSES: DeploymentStatusValue[] = ["queued", "in_progress"];

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

export const DeployForm = ({ industries, networks }: { industries: string[]; networks: string[] }) => {
  const router = useRouter();
  const deploy = useDeploy();
  const kit = useFormKit({ conflictPath: "id" });
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

  const set = (key: keyof Values, value: string) => {
    const suggestsId = !idTouched && (key === "name" || key === "version");
    if (suggestsId) kit.clear("id");
    setValues((current) => {
      const next = { ...current, [key]: value } as Values;
      if (suggestsId) next.id = slug([next.name, next.version].filter(Boolean).join("-"));
      return next;
    });
  };

  const submit = () => {
    const body = kit.validate(ZDeployBody, toBody(values));
    if (!body) return;
    deploy.mutate(body, {
      onSuccess: (created) => {
        router.push(`/deployments/${encodeURIComponent(created.id)}`);
        router.refresh();
      },
      onError: kit.failWith,
    });
  };

  return (
    <Form kit={kit} onSubmit={submit} className={`form card ${styles.form}`} label="Start a deployment">
      {FIELDS.map(([key, label]) => (
        <Field key={key} id={`deploy-${key}`} path={key} label={label}>
          {(control) => <input {...control} value={values[key]} onChange={(event) => set(key, event.target.value)} />}
        </Field>
      ))}
      <Field id="deploy-id" path="id" label="Deployment id" hint="Letters, digits, '-', '_' or '.'; suggested from the name and version.">
        {(control) => (
          <input
            {...control}
            value={values.id}
            onChange={(event) => {
              setIdTouched(true);
              set("id", event.target.value);
            }}
          />
        )}
      </Field>
      <Field id="deploy-industry" path="industry" label="Industry">
        {(control) => (
          <select {...control} value={values.industry} onChange={(event) => set("industry", event.target.value)}>
            {industries.map((industry) => (
              <option key={industry}>{industry}</option>
            ))}
          </select>
        )}
      </Field>
      <Field id="deploy-status" path="deploymentStatus" label="Initial status">
        {(control) => (
          <select {...control} value={values.deploymentStatus} onChange={(event) => set("deploymentStatus", event.target.value)}>
            {START_STATUSES.map((status) => (
              <option key={status} value={status}>
                {formatStatus(status)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <DeploymentDetailFields prefix="deploy" values={values} set={set} networks={networks} />
      <FormFooter pending={deploy.isPending} submitLabel="Start deployment" pendingLabel="Starting…" cancelHref="/deployments" />
    </Form>
  );
};
