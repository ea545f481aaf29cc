// zod → JSON Schema, as the API document and the agents' tools state a schema: what zod's own
// conversion leaves out is added (values read when the schema is stated, what trimming refuses).
import { z } from "zod";

type JsonSchema = Record<string, unknown>;
type ZodInternals = { _zod: { def: { type: string; checks?: { _zod: { def: { check: string; tx?: (value: string) => unknown } } }[] } } };

/** Whether a zod string trims its input before its checks (`.trim()`, an overwrite that trims). */
const trims = (schema: ZodInternals) =>
  (schema._zod.def.checks ?? []).some((check) => check._zod.def.check === "overwrite" && check._zod.def.tx?.(" x ") === "x");

// A trimmed string with a minimum length refuses text of spaces only ("must not be empty"): the
// schema says so with a pattern (at least one character that is not white space), so that a value
// it allows is never refused.
const sayWhatTrimRefuses = (context: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
  const json = context.jsonSchema;
  const zod = context.zodSchema as ZodInternals;
  if (zod._zod.def.type === "string" && typeof json.minLength === "number" && json.minLength > 0 && json.pattern === undefined && trims(zod)) json.pattern = "\\S";
};

// Values declared with readAtBuild (./primitives.ts) are read now: a server setting, the event catalog.
const readValuesAtBuild = (context: { jsonSchema: JsonSchema }) => {
  for (const [key, value] of Object.entries(context.jsonSchema)) if (typeof value === "function") context.jsonSchema[key] = (value as () => unknown)();
};

const complete = (context: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
  readValuesAtBuild(context);
  sayWhatTrimRefuses(context);
};

/** The JSON Schema of what `schema` accepts (its input), without `$schema`. */
export const inputJsonSchema = (schema: z.ZodType, target: "draft-2020-12" | "draft-7" = "draft-2020-12"): JsonSchema => {
  const json = z.toJSONSchema(schema, { target, io: "input", unrepresentable: "any", override: complete }) as JsonSchema;
  delete json.$schema;
  return json;
};
