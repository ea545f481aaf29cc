// fast-check arbitraries from the API document's JSON Schemas (OpenAPI 3.1): values the document says
// are valid, for the schema run (tests/api/schema-run.test.ts), as a client generated from the
// document (or Schemathesis) would send them. The keywords the document uses: $ref, const, enum,
// anyOf/oneOf/allOf, type (also as a list), string lengths, pattern and format, number ranges,
// arrays (items, prefixItems, lengths, uniqueItems), objects (properties, required,
// minProperties). Sizes are kept small (a few items, short strings) so that a run stays quick; the
// bounds themselves are among the values drawn.
import fc from "fast-check";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  default?: unknown;
};

export type Components = Record<string, JsonSchema>;

const LIMIT = 1e6;
/**
 * A draw that missed what the schema asks (a length, a look-around): never filtered here (a filter
 * that rarely passes never ends), but left for the caller's validation to discard.
 */
const UNDRAWN = undefined as unknown as string;
/** Draws near a bound more often than a uniform draw would. */
const integerIn = (min: number, max: number) =>
  min === max ? fc.constant(min) : fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max: Math.min(max, min + 20) }), fc.integer({ min, max }));

const stringOf = (schema: JsonSchema): fc.Arbitrary<string> => {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 24, minLength + 24);
  const fits = (value: string) => [...value].length >= minLength && [...value].length <= (schema.maxLength ?? Infinity);
  // Dates and ids are drawn by their format (they also match a pattern given beside it).
  const formatted = schema.format === "date" || schema.format === "date-time" || schema.format === "uuid";
  if (schema.pattern && !formatted) {
    // fast-check draws from a regular expression without look-arounds: those are dropped for the
    // draw and checked after it.
    const whole = new RegExp(schema.pattern, "u");
    const drawable = new RegExp(schema.pattern.replace(/\(\?<?[!=][^()]*\)/g, ""), "u");
    return fc.stringMatching(drawable).map((value) => (fits(value) && whole.test(value) ? value : UNDRAWN));
  }
  switch (schema.format) {
    case "date-time":
      return fc.date({ min: new Date("1971-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true }).map((date) => date.toISOString());
    case "date":
      return fc.date({ min: new Date("1971-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case "email":
      return fc.emailAddress().map((value) => (fits(value) ? value : UNDRAWN));
    case "uri":
    case "url":
      return fc.webUrl({ validSchemes: ["https"] }).map((value) => (fits(value) ? value : UNDRAWN));
    case "uuid":
      return fc.uuid();
  }
  return fc.string({ minLength, maxLength, unit: "grapheme" }).map((value) => (fits(value) ? value : UNDRAWN));
};

const numberOf = (schema: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-9) : schema.minimum;
  const high = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-9) : schema.maximum;
  const min = Math.max(low ?? -LIMIT, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(high ?? LIMIT, Number.MAX_SAFE_INTEGER);
  if (integer) return integerIn(Math.ceil(min), Math.floor(max));
  const base = fc.oneof(fc.constantFrom(min, max), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
  return schema.multipleOf ? base.map((value) => Math.min(max, Math.max(min, Math.round(value / schema.multipleOf!) * schema.multipleOf!))) : base;
};

export const resolve = (schema: JsonSchema, components: Components): JsonSchema => {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops += 1) {
    const name = current.$ref.replace("#/components/schemas/", "");
    const target = components[name];
    if (!target) throw new Error(`unknown $ref ${current.$ref}`);
    const { $ref: _ref, ...rest } = current;
    current = { ...target, ...rest };
  }
  return current;
};

/** Values valid against `schema` (as far as JSON Schema says: refinements in code are not visible). */
export const arbitraryOf = (input: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> => {
  const schema = resolve(input, components);
  if (depth > 8) return fc.constant(schema.default ?? null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // The keywords beside anyOf apply to every alternative too.
    const { anyOf: _anyOf, oneOf: _oneOf, ...beside } = schema;
    return fc.oneof(...alternatives.map((option) => arbitraryOf({ ...beside, ...resolve(option, components) }, components, depth + 1)));
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => resolve(part, components));
    const merged: JsonSchema = { type: "object", properties: {}, required: [] };
    for (const part of parts) {
      Object.assign(merged.properties!, part.properties);
      merged.required!.push(...(part.required ?? []));
    }
    return arbitraryOf(merged, components, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ["object"] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf({ ...schema, type }, components, depth)));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberOf(schema, true);
    case "number":
      return numberOf(schema, false);
    case "string":
      return stringOf(schema);
    case "array": {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((item) => arbitraryOf(item, components, depth + 1)));
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 3, minLength + 3);
      const item = arbitraryOf(schema.items ?? {}, components, depth + 1);
      return schema.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
        : fc.array(item, { minLength, maxLength });
    }
    case "object": {
      // A property whose schema no value matches (`{ not: {} }` or false: a field the operation
      // refuses) is never sent.
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).filter(([, property]) => (property as unknown) !== false && !(property.not && Object.keys(property.not).length === 0)),
      );
      const required = new Set(schema.required ?? []);
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryOf(property, components, depth + 1)])),
        { requiredKeys: [...required].filter((name) => name in properties) },
      );
      const minProperties = schema.minProperties ?? 0;
      return minProperties > 0 ? record.map((value) => (Object.keys(value).length >= minProperties ? value : UNDRAWN)) : record;
    }
    default:
      // No type: any JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
};
