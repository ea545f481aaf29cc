"use client";

// The optional fields the deploy form and the edit form share: network (with suggestions), layer,
// contract address and notes. `editing` says that emptying a field clears the stored value.
import { Field } from "@/components/form";

export type DetailValues = Record<"network" | "networkLayer" | "contractAddress" | "notes", string>;

const LAYERS = ["Layer1", "Layer2"];

export const DeploymentDetailFields = ({
  prefix,
  values,
  set,
  networks,
  editing = false,
}: {
  prefix: string;
  values: DetailValues;
  set: (key: keyof DetailValues, value: string) => void;
  networks: string[];
  editing?: boolean;
}) => {
  const clears = editing ? "; empty clears it." : "";
  const layers = values.networkLayer && !LAYERS.includes(values.networkLayer) ? [...LAYERS, values.networkLayer] : LAYERS;
  return (
    <>
      <Field id={`${prefix}-network`} path="configuration.network" label="Network" hint={`Optional, e.g. base-mainnet${clears}`}>
        {(control) => (
          <>
            <input {...control} list={`${prefix}-networks`} value={values.network} onChange={(event) => set("network", event.target.value)} />
            <datalist id={`${prefix}-networks`}>
              {networks.map((network) => (
                <option key={network} value={network} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field id={`${prefix}-layer`} path="configuration.networkLayer" label="Network layer">
        {(control) => (
          <select {...control} value={values.networkLayer} onChange={(event) => set("networkLayer", event.target.value)}>
            <option value="">Not set</option>
            {layers.map((layer) => (
              <option key={layer}>{layer}</option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={`${prefix}-contract`}
        path="configuration.contractAddress"
        label="Contract address"
        hint={editing ? "Optional; empty clears it." : "Optional; known once the contract is on chain."}
      >
        {(control) => <input {...control} value={values.contractAddress} onChange={(event) => set("contractAddress", event.target.value)} />}
      </Field>
      <Field id={`${prefix}-notes`} path="metadata.notes" label="Notes">
        {(control) => <textarea {...control} rows={3} value={values.notes} onChange={(event) => set("notes", event.target.value)} />}
      </Field>
    </>
  );
};
