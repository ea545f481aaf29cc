// The document is the truth (docs/api.md, "OpenAPI"): every answer an integration test gets through
// `call()` is checked against the served OpenAPI document — its status is one the operation documents,
// its content type one the document lists for that status, and a JSON body matches the schema there.
// A test that meets an answer the document does not describe fails, naming the operation and why, so
// the document cannot drift from what the server does.
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { Operation } from "../../lib/core/operation";
import { ALL_OPERATIONS, openApiDocument } from "../../lib/http/api-document";

type Content = Record<string, { schema?: unknown }>;
type Documented = { responses: Record<string, { content?: Content }> };
type Document = { paths: Record<string, Record<string, Documented>> };

let ajv: Ajv2020 | undefined;
/** An Ajv holding the whole served document as the schema "openapi" (its $refs resolve). */
export const validator = () => {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    // The whole document as one schema, so that the responses' $refs (#/components/…) resolve.
    ajv.addSchema({ ...(openApiDocument() as object), $id: "openapi" });
  }
  return ajv;
};

export const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/** Why an answer breaks the document, or undefined when it keeps to it. */
export const contractBreach = (operation: Operation, status: number, contentType: string | null, text: string): string | undefined => {
  // Operations a test declares for itself (to try the route wrapper) are not the API's.
  if (!ALL_OPERATIONS.includes(operation)) return undefined;
  const method = operation.method.toLowerCase();
  const documented = (openApiDocument() as Document).paths[operation.path]?.[method];
  if (!documented) return `${operation.operationId} is not in the document`;
  const response = documented.responses[String(status)] ?? documented.responses[`${String(status)[0]}XX`];
  if (!response) return `${operation.operationId} answered ${status}, which the document does not list (it lists ${Object.keys(documented.responses).join(", ")})`;
  if (text === "") return undefined;
  const type = (contentType ?? "").split(";")[0].trim();
  const content = response.content ?? {};
  if (!(type in content)) return `${operation.operationId} answered ${status} as ${type || "no content type"}, which the document does not list for it (${Object.keys(content).join(", ") || "no body"})`;
  if (!type.endsWith("json") || !content[type].schema) return undefined;
  const validate = validator().getSchema(`openapi#/${pointer("paths", operation.path, method, "responses", String(status), "content", type, "schema")}`);
  if (!validate) return `${operation.operationId}: no schema for ${status} ${type}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${operation.operationId} answered ${status} ${type} that is not JSON`;
  }
  if (validate(body)) return undefined;
  const issues = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || "/"} ${error.message}`);
  return `${operation.operationId} answered ${status} with a body outside its schema: ${issues.join("; ")}`;
};
