// Idempotent creates: a POST retried with the same Idempotency-Key never creates twice. The retry
// gets the first answer again (marked Idempotent-Replayed), the same key with another request is a
// 422, concurrent duplicates execute once, a request refused before it ran keeps no key, and keys
// are per caller and expire.
import { describe, expect, it } from "vitest";
import * as agentsRoute from "../../app/api/agents/route";
import * as keysRoute from "../../app/api/keys/route";
import { prisma } from "../../lib/db";
import { openApiDocument } from "../../lib/http/api-document";
import { sweepIdempotencyKeys } from "../../lib/http/idempotency";
import { agentBody } from "../agents/factory";
import { useApiTest } from "../helpers/api";
import { unique, userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { sessionHeaders } from "../helpers/session";

const api = useApiTest({ withKeys: true });

const createAgent = (body: unknown, key: string, idempotencyKey?: string) =>
  call(agentsRoute.POST, "POST", "/api/agents", { key, body, headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {} });

describe("Idempotency-Key on a create", () => {
  it("replays the first answer to a retry, and creates once (a client-chosen id)", async () => {
    const body = agentBody({ id: unique("idem-agent") });
    const key = unique("retry");
    const first = await createAgent(body, api.operator, key);
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await createAgent(body, api.operator, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(retry.json).toEqual(first.json);
    // Without the key, the same body is the create it is: a 409, the id exists.
    expect((await createAgent(body, api.operator)).status).toBe(409);
    expect(await prisma.agent.count({ where: { id: body.id } })).toBe(1);
  });

  it("creates once where the server chooses the id, and never keeps a secret: a new API key's retry is a 409 naming it", async () => {
    const owner = await userWithKey("operator");
    const headers = { ...(await sessionHeaders(owner.user.id)), "idempotency-key": unique("new-key") };
    const first = await call(keysRoute.POST, "POST", "/api/keys", { headers, body: { name: "deploy bot" } });
    const retry = await call(keysRoute.POST, "POST", "/api/keys", { headers, body: { name: "deploy bot" } });
    expect(first.status, first.text).toBe(201);
    expect(retry.status).toBe(409);
    expect(retry.json.detail).toContain(`already created it (id ${first.json.id}); its secret was shown in that answer only`);
    expect(await prisma.apiKey.count({ where: { userId: owner.user.id, name: "deploy bot" } })).toBe(1);
    const stored = await prisma.idempotentRequest.findMany({ where: { scope: `user:${owner.user.id}` } });
    expect(stored.map((row) => row.body)).toEqual([JSON.stringify({ id: first.json.id })]);
    expect(JSON.stringify(stored)).not.toContain(first.json.key);
  });

  it("refuses the same key with another request with a 422, and runs nothing", async () => {
    const key = unique("reuse");
    const first = await createAgent(agentBody({ id: unique("idem-a") }), api.operator, key);
    expect(first.status).toBe(201);
    const other = agentBody({ id: unique("idem-b") });
    const refused = await createAgent(other, api.operator, key);
    expect(refused.status).toBe(422);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.json.detail).toContain("used with a different request");
    expect(await prisma.agent.count({ where: { id: other.id } })).toBe(0);
  });

  it("executes concurrent duplicates once: the others get the answer or a 409 to retry", async () => {
    const body = agentBody({ id: unique("idem-race") });
    const key = unique("race");
    const answers = await Promise.all(Array.from({ length: 6 }, () => createAgent(body, api.operator, key)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 409), statuses.join()).toBe(true);
    expect(answers.filter((answer) => answer.status === 201 && answer.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    for (const busy of answers.filter((answer) => answer.status === 409)) {
      expect(busy.json.detail).toContain("still being answered");
      expect(busy.headers.get("retry-after")).toBe("1");
    }
    expect(await prisma.agent.count({ where: { id: body.id } })).toBe(1);
    // Once answered, every retry is the replay.
    expect((await createAgent(body, api.operator, key)).headers.get("idempotent-replayed")).toBe("true");
  });

  it("keeps no key for a request refused before it ran: the corrected request may use it", async () => {
    const key = unique("fix");
    const invalid = await createAgent({ ...agentBody(), name: "" }, api.operator, key);
    expect(invalid.status).toBe(400);
    const fixed = await createAgent(agentBody({ id: unique("idem-fixed") }), api.operator, key);
    expect(fixed.status, fixed.text).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
  });

  it("replays an error the handler answered, as payment APIs do", async () => {
    const existing = agentBody({ id: unique("idem-taken") });
    expect((await createAgent(existing, api.operator)).status).toBe(201);
    const key = unique("taken");
    const conflict = await createAgent(existing, api.operator, key);
    expect(conflict.status).toBe(409);
    const again = await createAgent(existing, api.operator, key);
    expect(again.status).toBe(409);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.detail).toBe(conflict.json.detail);
  });

  it("keeps keys per caller: another user's same key runs their own request", async () => {
    const key = unique("shared");
    const other = await userWithKey("operator");
    const mine = await createAgent(agentBody({ id: unique("idem-mine") }), api.operator, key);
    const theirs = await createAgent(agentBody({ id: unique("idem-theirs") }), other.key, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.json.id).not.toBe(mine.json.id);
  });

  it("refuses a malformed key with a 400 naming the header", async () => {
    for (const bad of ["x".repeat(256), "with space", "tab\there", "é"]) {
      const answer = await createAgent(agentBody({ id: unique("idem-bad") }), api.operator, bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.json.errors).toEqual([{ path: "headers.Idempotency-Key", message: "must be 1 to 255 visible ASCII characters" }]);
    }
  });

  it("lets an expired key run again, and the sweep removes expired keys", async () => {
    const key = unique("old");
    const first = await createAgent(agentBody({ id: unique("idem-old") }), api.operator, key);
    expect(first.status).toBe(201);
    await prisma.idempotentRequest.updateMany({ where: { key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const other = agentBody({ id: unique("idem-new") });
    const fresh = await createAgent(other, api.operator, key);
    expect(fresh.status, fresh.text).toBe(201);
    expect(fresh.json.id).toBe(other.id);

    await prisma.idempotentRequest.updateMany({ where: { key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await sweepIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    expect(await prisma.idempotentRequest.count({ where: { key } })).toBe(0);
  });

  it("is documented on every POST: the header, the replay header, and its 409 and 422", () => {
    const document = openApiDocument() as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: Record<string, { description: string; headers?: Record<string, unknown> }> }>>;
    };
    let posts = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      const post = item.post;
      if (!post) continue;
      posts++;
      expect(post.parameters.some((parameter) => parameter.name === "Idempotency-Key" && parameter.in === "header"), path).toBe(true);
      expect(post.responses["409"].description, path).toMatch(/Idempotency-Key/);
      expect(post.responses["422"].description, path).toMatch(/Idempotency-Key/);
      const success = Object.entries(post.responses).find(([status]) => status.startsWith("2"))![1];
      expect(success.headers?.["Idempotent-Replayed"], path).toBeDefined();
    }
    expect(posts).toBeGreaterThan(20);
  });
});
