// What an agent credential may call (docs/agents-at-work.md, "Tools"): the run protocol; every read;
// and the writes its roles allow — Builder: deployments, the marketplace and quantum jobs; Defender:
// the wallet security checks (recipient check, address book); Healer: retrying and rolling back
// (deployment status moves, a webhook's test delivery, cancelling a quantum job); Scout: watching and
// reporting (wallet links, new tasks, quantum jobs). Nothing that manages users, keys, credentials,
// webhooks, agents or groups, and nothing admin-only or session-only. The table below states it for
// every operation of the API (a new operation must be stated here), and every operation is called
// with a credential of an agent of each role: refused (403) exactly where the table says so.
import { beforeAll, describe, expect, it } from "vitest";
import { API_TABLE, apiOperations } from "../../lib/api";
import type { HttpMethod } from "../../lib/core/operation";
import { issueAgentCredential } from "../../lib/auth";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { insertAgent } from "../quantum/factory";

const ROLES = ["Scout", "Builder", "Defender", "Healer"] as const;
type RoleName = (typeof ROLES)[number];
type Allowed = "every agent" | "no agent" | RoleName[];

const EXPECTED: Record<string, Allowed> = {
  // The run protocol: an agent's own work.
  "POST /api/runs/claim": "every agent",
  "POST /api/runs/{runId}/heartbeat": "every agent",
  "POST /api/runs/{runId}/steps": "every agent",
  "POST /api/runs/{runId}/approvals": "every agent",
  "POST /api/runs/{runId}/complete": "every agent",
  "POST /api/runs/{runId}/fail": "every agent",
  "POST /api/runs/{runId}/release": "every agent",
  // The MCP endpoint: an agent's tools over the Model Context Protocol (each call then checks its roles).
  "POST /api/mcp": "every agent",
  // Computations that change nothing.
  "POST /api/metrics": "every agent",
  "POST /quantum/run": "every agent",
  "POST /quantum/diagram": "every agent",
  "POST /qmetrics/finance": "every agent",
  "POST /quantum/squad/{squadId}/optimize": "every agent",
  // Builder.
  "POST /api/marketplace/addItem": ["Builder"],
  "PUT /api/marketplace/item/{marketplaceId}": ["Builder"],
  "DELETE /api/marketplace/item/{marketplaceId}": ["Builder"],
  "POST /api/deployments/dapp/deploy": ["Builder"],
  "PATCH /api/deployments/{deploymentId}": ["Builder"],
  "DELETE /api/deployments/{deploymentId}": ["Builder"],
  "PATCH /api/deployments/dapp/{deploymentId}/status": ["Builder", "Healer"],
  "POST /quantum/jobs": ["Builder", "Scout"],
  "POST /quantum/jobs/{jobId}/cancel": ["Builder", "Scout", "Healer"],
  // Defender.
  "POST /api/wallets/{address}/check-recipient": ["Defender"],
  "PUT /api/address-book/{address}": ["Defender"],
  "DELETE /api/address-book/{address}": ["Defender"],
  // Healer.
  "POST /api/webhooks/{webhookId}/test": ["Healer"],
  // Scout.
  "POST /api/tasks/assign": ["Scout"],
  "POST /api/wallet-links": ["Scout"],
  "PATCH /api/wallet-links/{address}": ["Scout"],
  "DELETE /api/wallet-links/{address}": ["Scout"],
  // People's business: never an agent's.
  "GET /api/keys": "no agent",
  "POST /api/keys": "no agent",
  "DELETE /api/keys/{keyId}": "no agent",
  "GET /api/users": "no agent",
  "POST /api/users": "no agent",
  "PATCH /api/users/{userId}": "no agent",
  "GET /api/agents/{agentId}/credentials": "no agent",
  "POST /api/agents/{agentId}/credentials": "no agent",
  "DELETE /api/agents/{agentId}/credentials/{credentialId}": "no agent",
  "POST /api/agents": "no agent",
  "PUT /api/agents/{agentId}": "no agent",
  "DELETE /api/agents/{agentId}": "no agent",
  "POST /api/squads": "no agent",
  "PUT /api/squads/{squadId}": "no agent",
  "DELETE /api/squads/{squadId}": "no agent",
  "POST /api/syndicates": "no agent",
  "PUT /api/syndicates/{syndicateId}": "no agent",
  "DELETE /api/syndicates/{syndicateId}": "no agent",
  "PUT /api/tasks/{taskId}": "no agent",
  "PATCH /api/tasks/{taskId}/status": "no agent",
  "DELETE /api/tasks/{taskId}": "no agent",
  "POST /api/runs/{runId}/cancel": "no agent",
  "POST /api/approvals/{approvalId}/decision": "no agent",
  "POST /api/webhooks": "no agent",
  "PATCH /api/webhooks/{webhookId}": "no agent",
  "DELETE /api/webhooks/{webhookId}": "no agent",
  "POST /api/webhooks/{webhookId}/rotate-secret": "no agent",
  "POST /api/wallets/import": "no agent",
  // Engines: admins configure them; their reads declare no agent either (an engine is no agent's business).
  "GET /api/engines": "no agent",
  "GET /api/engines/{engineId}": "no agent",
  "POST /api/engines": "no agent",
  "PATCH /api/engines/{engineId}": "no agent",
  "DELETE /api/engines/{engineId}": "no agent",
  "POST /api/engines/{engineId}/test": "no agent",
  // An agent's approval policy is set by a person.
  "PUT /api/agents/{agentId}/approval-policy": "no agent",
};

/** Every operation of the API: "METHOD /path". */
const OPERATIONS = apiOperations();

// Every GET not stated above is a read: every agent may call it.
const expected = (operation: string): Allowed => EXPECTED[operation] ?? (operation.startsWith("GET ") ? "every agent" : "no agent");

useApiTest();
const secrets = {} as Record<RoleName, string>;

beforeAll(async () => {
  const { user } = await userWithKey("operator");
  for (const role of ROLES) {
    const agentId = await insertAgent({}, [role, role, role, role, role]);
    secrets[role] = (await issueAgentCredential(agentId, user.id, { name: role })).secret;
  }
});

const callAs = (secret: string, operation: string) => {
  const [method, template] = operation.split(" ");
  const methods = API_TABLE.get(template)!;
  const params = Object.fromEntries([...template.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name, name === "address" ? "0x000000000000000000000000000000000000dead" : "x"]));
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => params[name]);
  return call(methods[method as HttpMethod], method, path, {
    key: secret,
    params,
    // A claim that finds nothing answers at once.
    ...(operation === "POST /api/runs/claim" ? { query: { wait: 0 } } : {}),
    ...(operation === "POST /api/mcp"
      ? // The MCP endpoint answers {} with a 406 (the client must accept JSON and an event stream): a real ping shows it served the agent.
        { body: { jsonrpc: "2.0", id: 1, method: "ping" }, headers: { accept: "application/json, text/event-stream" } }
      : method === "GET" || method === "DELETE"
        ? {}
        : { body: {} }),
  });
};

describe("agent credentials and the operations", () => {
  it("every write of the API is stated in the table (a new operation must say which agents may call it)", () => {
    const writes = OPERATIONS.filter((operation) => !operation.startsWith("GET "));
    expect(writes.filter((operation) => !(operation in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((operation) => !OPERATIONS.includes(operation))).toEqual([]);
  });

  for (const role of ROLES) {
    it(`an agent of the ${role} role is refused exactly the operations its role does not allow`, async () => {
      const refused: string[] = [];
      for (const operation of OPERATIONS) {
        const answer = await callAs(secrets[role], operation);
        expect(answer.status, `${operation}: ${answer.text.slice(0, 200)}`).not.toBe(401);
        if (answer.status === 403) refused.push(operation);
        if (operation === "POST /api/mcp") expect(answer.status, answer.text.slice(0, 200)).toBe(200);
      }
      const shouldRefuse = OPERATIONS.filter((operation) => {
        const allowed = expected(operation);
        return allowed === "no agent" || (Array.isArray(allowed) && !allowed.includes(role));
      });
      expect(refused.sort()).toEqual(shouldRefuse.sort());
    }, 120_000);
  }
});
