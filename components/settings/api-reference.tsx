"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { ScrollRegion } from "@/components/ui/scroll-region";

type Schema = Record<string, unknown>;
type OperationDoc = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: unknown[];
  parameters: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type Document = { info: { title: string; version: string; description: string }; paths: Record<string, Record<string, OperationDoc>> };

const SchemaView = ({ schema, label }: { schema: Schema; label: string }) => (
  <pre className="schema" role="region" aria-label={label} tabIndex={0}>
    {JSON.stringify(schema, null, 2)}
  </pre>
);

/** Renders /api/openapi.json: operations grouped by tag, with parameters, bodies and answers. */
export const ApiReference = () => {
  // On apiFetch, not the typed client: the document declares its own answer only loosely (info with title
  // and version, paths of unknown shape), so this page needs its own Document type (which also reads
  // info.description, not declared there) and the client's answer type would only be cast away.
  const doc = useQuery({ queryKey: ["openapi"], queryFn: () => apiFetch<Document>("/api/openapi.json") });
  if (doc.isPending) return <p className="muted">Loading the API description…</p>;
  if (doc.error) return <p role="alert" className="alert">The API description could not be loaded.</p>;
  const operations = Object.entries(doc.data.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  const tags = [...new Set(operations.map((entry) => entry.operation.tags[0] ?? "Other"))].sort();
  return (
    <>
      <p>
        {doc.data.info.title} <span className="badge">v{doc.data.info.version}</span> — {doc.data.info.description}{" "}
        <a href="/api/openapi.json">OpenAPI 3.1 JSON</a>
      </p>
      {tags.map((tag) => (
        <section key={tag} aria-labelledby={`tag-${tag}`} className="card" style={{ marginBottom: "1rem" }}>
          <h2 id={`tag-${tag}`} className="card-title">{tag}</h2>
          {operations
            .filter((entry) => (entry.operation.tags[0] ?? "Other") === tag)
            .map(({ path, method, operation }) => (
              <details key={`${method} ${path}`} className="operation">
                <summary>
                  <span className={`method method-${method.toLowerCase()}`}>{method}</span> <code>{path}</code> — {operation.summary}
                  {operation.security.length > 0 ? <span className="muted"> (credential)</span> : null}
                </summary>
                {operation.description ? <p>{operation.description}</p> : null}
                {operation.parameters.length > 0 ? (
                  <ScrollRegion label={`Parameters of ${method} ${path}`}>
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">Parameter</th>
                        <th scope="col">In</th>
                        <th scope="col">Required</th>
                        <th scope="col">Description</th>
                      </tr>
                    </thead>
                    <tbody>
                      {operation.parameters.map((parameter) => (
                        <tr key={`${parameter.in}-${parameter.name}`}>
                          <td><code>{parameter.name}</code></td>
                          <td>{parameter.in}</td>
                          <td>{parameter.required ? "yes" : "no"}</td>
                          <td>{parameter.description ?? ""}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  </ScrollRegion>
                ) : null}
                {operation.requestBody ? (
                  <>
                    <h3>Request body</h3>
                    <SchemaView schema={operation.requestBody.content["application/json"].schema} label={`Request body of ${method} ${path}`} />
                  </>
                ) : null}
                <h3>Responses</h3>
                <ul>
                  {Object.entries(operation.responses).map(([status, response]) => (
                    <li key={status}>
                      <strong>{status}</strong> {response.description}
                    </li>
                  ))}
                </ul>
              </details>
            ))}
        </section>
      ))}
    </>
  );
};
