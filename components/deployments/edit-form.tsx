"use client";

// Edit a deployment's descriptive fields on the form kit: validated with the API's own schema, sent
// as a PATCH of every editable field (an emptied optional field is sent as null, which clears it),
// the API's problems mapped back onto the fields. The status, who deployed it, when and its metrics
// are the pipeline's record and are not on the form.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { ZUpdateDeploymentBody, type TDeployment, type TUpdateDeploymentBody } from "@/lib/deployments/schemas";
import { Field, Form, FormFooter, useFormKit } from "@/components/form";
import { RESOURCES } from "@/components/shared/resources";
import { useWrite } from "@/components/shared/use-resource";
import { deploymentKeys } from "./use-deployment";
import { DeploymentDetailFields } from "./detail-fields";
import styles from "./deployments.module.css";

const TEXT_FIELDS = [
  ["name", "dApp name"],
  ["version", "Version"],
  ["useCase", "Use case"],
] as const;

type Values = Record<"name" | "version" | "industry" | "useCase" | "network" | "networkLayer" | "contractAddress" | "notes", string>;

const toValues = (deployment: TDeployment): Values => ({
  name: deployment.name,
  version: deployment.version,
  industry: deployment.industry,
  useCase: deployment.useCase,
  network: deployment.configuration.network ?? "",
  networkLayer: deployment.configuration.networkLayer ?? "",
  contractAddress: deployment.configuration.contractAddress ?? "",
  notes: deployment.metadata.notes ?? "",
});

const orNull = (value: string) => (value.trim() ? value : null);

const toBody = (values: Values) => ({
  name: values.name,
  version: values.version,
  industry: values.industry,
  useCase: values.useCase,
  configuration: { network: orNull(values.network), networkLayer: orNull(values.networkLayer), contractAddress: orNull(values.contractAddress) },
  metadata: { notes: orNull(values.notes) },
});

const useEditDeployment = (id: string) =>
  useWrite(
    deploymentKeys.all,
    (body: TUpdateDeploymentBody) => unwrap(dashboardApi().PATCH("/api/deployments/{deploymentId}", { params: { path: { deploymentId: id } }, body })),
    "Deployment saved",
  );

export const EditDeploymentForm = ({ deployment, industries, networks }: { deployment: TDeployment; industries: string[]; networks: string[] }) => {
  const router = useRouter();
  const edit = useEditDeployment(deployment.id);
  const kit = useFormKit();
  const [values, setValues] = useState<Values>(() => toValues(deployment));
  const industryChoices = [...new Set([...industries, deployment.industry])];
  const set = (key: keyof Values, value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const body = kit.validate(ZUpdateDeploymentBody, toBody(values));
    if (!body) return;
    edit.mutate(body, {
      onSuccess: () => {
        router.push(RESOURCES.deployment.page(deployment.id));
        router.refresh();
      },
      onError: kit.failWith,
    });
  };

  return (
    <Form kit={kit} onSubmit={submit} className={`form card ${styles.form}`} label="Edit deployment">
      {TEXT_FIELDS.map(([key, label]) => (
        <Field key={key} id={`edit-${key}`} path={key} label={label}>
          {(control) => <input {...control} value={values[key]} onChange={(event) => set(key, event.target.value)} />}
        </Field>
      ))}
      <Field id="edit-industry" path="industry" label="Industry">
        {(control) => (
          <select {...control} value={values.industry} onChange={(event) => set("industry", event.target.value)}>
            {industryChoices.map((industry) => (
              <option key={industry}>{industry}</option>
            ))}
          </select>
        )}
      </Field>
      <DeploymentDetailFields prefix="edit" values={values} set={set} networks={networks} editing />
      <FormFooter pending={edit.isPending} submitLabel="Save changes" pendingLabel="Saving…" cancelHref={RESOURCES.deployment.page(deployment.id)} />
    </Form>
  );
};
