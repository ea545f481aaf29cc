"use client";

// Add or edit a marketplace item. Validated here with the API's own zod schema (field-level
// messages), then sent to the API; the API's problems are shown as they come back.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { ApiError } from "@/lib/client/api";
import {
  ITEM_TYPES,
  ZLeaseSaleCommerce,
  ZMarketplaceItemBody,
  ZPriceCommerce,
  type TItemType,
  type TMarketplaceItem,
} from "@/lib/marketplace/schemas";
import { FormField } from "@/components/ui/form-field";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ITEM_TYPE_LABELS, slugify } from "./format";
import styles from "./marketplace.module.css";
import { useSaveItem } from "./use-marketplace-item";
import { useHydrated } from "@/components/ui/use-hydrated";

type Kind = "none" | "price" | "lease_sale";

type Values = {
  id: string;
  name: string;
  description: string;
  itemType: TItemType;
  url: string;
  category: string;
  version: string;
  kind: Kind;
  price: string;
  leasePrice: string;
  salePrice: string;
  industries: string[];
};

const toValues = (item?: TMarketplaceItem): Values => {
  const commerce = item?.commerce;
  return {
    id: item?.id ?? "",
    name: item?.name ?? "",
    description: item?.description ?? "",
    itemType: item?.itemType ?? "dApp",
    url: item?.url ?? "",
    category: item?.metadata.category ?? "",
    version: item?.metadata.version ?? "",
    kind: !commerce ? "none" : "price" in commerce ? "price" : "lease_sale",
    price: commerce && "price" in commerce ? String(commerce.price) : "",
    leasePrice: commerce && "leasePrice" in commerce ? String(commerce.leasePrice) : "",
    salePrice: commerce && "salePrice" in commerce ? String(commerce.salePrice) : "",
    industries: commerce && "supportedIndustries" in commerce ? commerce.supportedIndustries : [],
  };
};

const amount = (value: string) => (value.trim() === "" ? undefined : Number(value));

const commerceOf = (values: Values) => {
  if (values.kind === "price") return { price: amount(values.price) };
  if (values.kind === "lease_sale") {
    return { leasePrice: amount(values.leasePrice), salePrice: amount(values.salePrice), supportedIndustries: values.industries };
  }
  return undefined;
};

const toBody = (values: Values) => {
  const commerce = commerceOf(values);
  return {
    id: values.id.trim(),
    name: values.name,
    description: values.description,
    itemType: values.itemType,
    ...(values.url.trim() ? { url: values.url.trim() } : {}),
    metadata: {
      ...(values.category.trim() ? { category: values.category } : {}),
      ...(values.version.trim() ? { version: values.version } : {}),
    },
    ...(commerce ? { commerce } : {}),
  };
};

const fieldsOf = (issues: z.core.$ZodIssue[], prefix = "") => {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[prefix + issue.path.map(String).join(".")] ??= issue.message;
  return fields;
};

// The union reports a broken commerce object as one message; the chosen shape's own schema
// says which of its fields is wrong.
const validate = (values: Values) => {
  const parsed = ZMarketplaceItemBody.safeParse(toBody(values));
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors = fieldsOf(parsed.error.issues);
  if (errors.commerce && values.kind !== "none") {
    const shape = values.kind === "price" ? ZPriceCommerce : ZLeaseSaleCommerce;
    const detail = shape.safeParse(commerceOf(values));
    if (!detail.success) {
      Object.assign(errors, fieldsOf(detail.error.issues, "commerce."));
      delete errors.commerce;
    }
  }
  return { data: undefined, errors };
};

const errorFor = (errors: Record<string, string>, key: string) =>
  errors[key] ?? Object.entries(errors).find(([path]) => path.startsWith(`${key}.`))?.[1];

const described = (id: string, error?: string) => (error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {});

export const ItemForm = ({ item, industries }: { item?: TMarketplaceItem; industries: string[] }) => {
  const mode = item ? "edit" : "create";
  const router = useRouter();
  const save = useSaveItem(mode);
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values>(() => toValues(item));
  const [idTouched, setIdTouched] = useState(Boolean(item));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const industryChoices = [...new Set([...industries, ...values.industries])];

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const error = (key: string) => errorFor(errors, key);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(values);
    setErrors(result.errors);
    if (!result.data) return;
    const id = result.data.id;
    save.mutate(result.data, {
      onSuccess: () => {
        router.push(`/marketplace/${encodeURIComponent(id)}`);
        router.refresh();
      },
      onError: (failure) => setErrors(failure instanceof ApiError ? failure.fieldErrors() : {}),
    });
  };

  return (
    <form className="form card" onSubmit={submit} noValidate aria-label={mode === "create" ? "Add marketplace item" : "Edit marketplace item"}>
      <FormField id="item-name" label="Name" error={error("name")}>
        <input
          id="item-name"
          className={styles.wide}
          value={values.name}
          maxLength={200}
          onChange={(event) => {
            const name = event.target.value;
            setValues((current) => ({ ...current, name, id: idTouched ? current.id : slugify(name) }));
          }}
          {...described("item-name", error("name"))}
        />
      </FormField>
      <FormField id="item-id" label="Id" error={error("id")} hint={mode === "edit" ? "The id cannot change." : "Letters, digits, '-', '_' or '.'; suggested from the name."}>
        <input
          id="item-id"
          className={styles.wide}
          value={values.id}
          readOnly={mode === "edit"}
          maxLength={128}
          onChange={(event) => {
            setIdTouched(true);
            set("id", event.target.value);
          }}
          {...described("item-id", error("id"))}
        />
      </FormField>
      <FormField id="item-description" label="Description" error={error("description")}>
        <textarea
          id="item-description"
          className={styles.wide}
          rows={4}
          value={values.description}
          maxLength={5000}
          onChange={(event) => set("description", event.target.value)}
          {...described("item-description", error("description"))}
        />
      </FormField>
      <div className={styles.fields}>
        <FormField id="item-type" label="Item type" error={error("itemType")}>
          <select id="item-type" value={values.itemType} onChange={(event) => set("itemType", event.target.value as TItemType)}>
            {ITEM_TYPES.map((type) => (
              <option key={type} value={type}>
                {ITEM_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="item-category" label="Category" error={error("metadata.category")}>
          <input id="item-category" value={values.category} maxLength={100} onChange={(event) => set("category", event.target.value)} {...described("item-category", error("metadata.category"))} />
        </FormField>
        <FormField id="item-version" label="Version" error={error("metadata.version")}>
          <input id="item-version" value={values.version} maxLength={50} onChange={(event) => set("version", event.target.value)} {...described("item-version", error("metadata.version"))} />
        </FormField>
      </div>
      <FormField id="item-url" label="URL" error={error("url")} hint="Optional; an absolute http(s) address.">
        <input id="item-url" type="url" className={styles.wide} value={values.url} onChange={(event) => set("url", event.target.value)} {...described("item-url", error("url"))} />
      </FormField>

      <fieldset className={styles.choices} aria-describedby={errors.commerce ? "item-commerce-error" : undefined}>
        <legend>Commerce</legend>
        {(
          [
            ["none", "No price"],
            ["price", "Fixed price"],
            ["lease_sale", "Lease or sale"],
          ] as const
        ).map(([kind, label]) => (
          <label key={kind} className={styles.choice}>
            <input type="radio" name="commerce-kind" value={kind} checked={values.kind === kind} onChange={() => set("kind", kind)} />
            {label}
          </label>
        ))}
        {values.kind === "price" ? (
          <FormField id="item-price" label="Price (USD)" error={error("commerce.price")}>
            <input id="item-price" type="number" min={0} step="0.01" inputMode="decimal" value={values.price} onChange={(event) => set("price", event.target.value)} {...described("item-price", error("commerce.price"))} />
          </FormField>
        ) : null}
        {values.kind === "lease_sale" ? (
          <>
            <div className={styles.fields}>
              <FormField id="item-lease-price" label="Lease price (USD per month)" error={error("commerce.leasePrice")}>
                <input id="item-lease-price" type="number" min={0} step="0.01" inputMode="decimal" value={values.leasePrice} onChange={(event) => set("leasePrice", event.target.value)} {...described("item-lease-price", error("commerce.leasePrice"))} />
              </FormField>
              <FormField id="item-sale-price" label="Sale price (USD)" error={error("commerce.salePrice")}>
                <input id="item-sale-price" type="number" min={0} step="0.01" inputMode="decimal" value={values.salePrice} onChange={(event) => set("salePrice", event.target.value)} {...described("item-sale-price", error("commerce.salePrice"))} />
              </FormField>
            </div>
            <fieldset className={styles.choices} aria-describedby={error("commerce.supportedIndustries") ? "item-industries-error" : undefined}>
              <legend>Supported industries</legend>
              {industryChoices.map((industry) => (
                <label key={industry} className={styles.choice}>
                  <input
                    type="checkbox"
                    checked={values.industries.includes(industry)}
                    onChange={(event) =>
                      set("industries", event.target.checked ? [...values.industries, industry] : values.industries.filter((name) => name !== industry))
                    }
                  />
                  {industry}
                </label>
              ))}
              {error("commerce.supportedIndustries") ? (
                <div className="field-error" id="item-industries-error" role="alert">
                  {error("commerce.supportedIndustries")}
                </div>
              ) : null}
            </fieldset>
          </>
        ) : null}
        {errors.commerce ? (
          <div className="field-error" id="item-commerce-error" role="alert">
            {errors.commerce}
          </div>
        ) : null}
      </fieldset>

      <div className="row">
        <button type="submit" disabled={!hydrated || save.isPending}>
          {save.isPending ? "Saving…" : mode === "create" ? "Add item" : "Save changes"}
        </button>
        <Link className="button secondary" href={item ? `/marketplace/${encodeURIComponent(item.id)}` : "/marketplace"}>
          Cancel
        </Link>
      </div>
      <div style={{ marginTop: "1rem" }}>
        <ProblemAlert error={save.error} />
      </div>
    </form>
  );
};
