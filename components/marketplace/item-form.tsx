"use client";

// Add or edit a marketplace item on the form kit: validated with the API's own zod schema, sent with
// the shared save hook, the API's problem mapped back onto the fields.
import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  ITEM_TYPES,
  ZLeaseSaleCommerce,
  ZMarketplaceItemBody,
  ZPriceCommerce,
  type TItemType,
  type TMarketplaceItem,
  type TMarketplaceItemBody,
} from "@/lib/marketplace/schemas";
import { Field, FieldGroup, Form, FormFooter, issueErrors, NameAndId, useFormKit, type ControlProps, type FieldErrors } from "@/components/form";
import { RESOURCES } from "@/components/shared/resources";
import { useSaveResource } from "@/components/shared/use-resource";
import { ITEM_TYPE_LABELS } from "./labels";
import styles from "./marketplace.module.css";

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

// The union reports a broken commerce object as one message; the chosen shape's own schema says
// which of its fields is wrong, and those messages replace it.
const withCommerceDetail = (values: Values) => (errors: FieldErrors) => {
  if (!errors.commerce || values.kind === "none") return errors;
  const shape = values.kind === "price" ? ZPriceCommerce : ZLeaseSaleCommerce;
  const detail = shape.safeParse(commerceOf(values), { reportInput: true });
  if (detail.success) return errors;
  const { commerce: _union, ...rest } = errors;
  return { ...rest, ...issueErrors(detail.error.issues, "commerce.") };
};

const priceInput = (value: string, onChange: (value: string) => void) => {
  const PriceInput = (control: ControlProps) => (
    <input {...control} type="number" min={0} step="0.01" inputMode="decimal" value={value} onChange={(event) => onChange(event.target.value)} />
  );
  return PriceInput;
};

export const ItemForm = ({ item, industries }: { item?: TMarketplaceItem; industries: string[] }) => {
  const mode = item ? "edit" : "create";
  const router = useRouter();
  const save = useSaveResource<TMarketplaceItemBody>("item", mode);
  const kit = useFormKit({ conflictPath: "id" });
  const [values, setValues] = useState<Values>(() => toValues(item));
  const industryChoices = [...new Set([...industries, ...values.industries])];

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    const body = kit.validate(ZMarketplaceItemBody, toBody(values), withCommerceDetail(values));
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => {
        router.push(RESOURCES.item.page(body.id));
        router.refresh();
      },
      onError: kit.failWith,
    });
  };

  return (
    <Form kit={kit} onSubmit={submit} label={mode === "create" ? "Add marketplace item" : "Edit marketplace item"}>
      <NameAndId
        prefix="item"
        mode={mode}
        name={values.name}
        id={values.id}
        onChange={({ name, id }) => setValues((current) => ({ ...current, name, id }))}
        className={styles.wide}
      />
      <Field id="item-description" path="description" label="Description">
        {(control) => <textarea {...control} className={styles.wide} rows={4} value={values.description} maxLength={5000} onChange={(event) => set("description", event.target.value)} />}
      </Field>
      <div className={styles.fields}>
        <Field id="item-type" path="itemType" label="Item type">
          {(control) => (
            <select {...control} value={values.itemType} onChange={(event) => set("itemType", event.target.value as TItemType)}>
              {ITEM_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ITEM_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="item-category" path="metadata.category" label="Category">
          {(control) => <input {...control} value={values.category} maxLength={100} onChange={(event) => set("category", event.target.value)} />}
        </Field>
        <Field id="item-version" path="metadata.version" label="Version">
          {(control) => <input {...control} value={values.version} maxLength={50} onChange={(event) => set("version", event.target.value)} />}
        </Field>
      </div>
      <Field id="item-url" path="url" label="URL" hint="Optional; an absolute http(s) address.">
        {(control) => <input {...control} type="url" className={styles.wide} value={values.url} onChange={(event) => set("url", event.target.value)} />}
      </Field>

      <FieldGroup id="item-commerce" path="commerce" exact legend="Commerce" className={styles.choices}>
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
          <Field id="item-price" path="commerce.price" label="Price (USD)">
            {priceInput(values.price, (price) => set("price", price))}
          </Field>
        ) : null}
        {values.kind === "lease_sale" ? (
          <>
            <div className={styles.fields}>
              <Field id="item-lease-price" path="commerce.leasePrice" label="Lease price (USD per month)">
                {priceInput(values.leasePrice, (price) => set("leasePrice", price))}
              </Field>
              <Field id="item-sale-price" path="commerce.salePrice" label="Sale price (USD)">
                {priceInput(values.salePrice, (price) => set("salePrice", price))}
              </Field>
            </div>
            <FieldGroup id="item-industries" path="commerce.supportedIndustries" legend="Supported industries" className={styles.choices}>
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
            </FieldGroup>
          </>
        ) : null}
      </FieldGroup>

      <FormFooter
        pending={save.isPending}
        submitLabel={mode === "create" ? "Add item" : "Save changes"}
        cancelHref={item ? RESOURCES.item.page(item.id) : RESOURCES.item.listPage}
      />
    </Form>
  );
};
