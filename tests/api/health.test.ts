import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "../../app/api/health/route";
import { closeDatabase, openDatabase, useDatabase } from "../../lib/db";
import { useTestDatabase, type TestDatabase } from "../helpers/db";

const call = () => GET(new Request("http://localhost/api/health"), { params: Promise.resolve({}) });

describe("GET /api/health", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await useTestDatabase();
  });
  afterAll(() => db.dispose());

  it("answers 200 {status: ok} while the database answers", async () => {
    const response = await call();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers 503 problem+json when the database does not answer", async () => {
    // A server address where nothing listens.
    useDatabase(openDatabase({ mode: "server", url: "postgresql://postgres@127.0.0.1:1/none", poolSize: 1 }));
    try {
      const response = await call();
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(await response.json()).toMatchObject({
        status: 503,
        title: "Service Unavailable",
        detail: "The database does not answer.",
        instance: "/api/health",
      });
    } finally {
      await closeDatabase();
      useDatabase(db);
    }
  });
});
