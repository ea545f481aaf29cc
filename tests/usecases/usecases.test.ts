// Use cases API: the eight seeded industries, served read-only in the seeded order.
import { describe, expect, it } from "vitest";
import * as useCasesRoute from "../../app/api/usecases/route";
import { resetEnv } from "../../lib/config/env";
import { prisma } from "../../lib/db";
import { Prng } from "../../lib/seed/generator/prng";
import { INDUSTRIES, seedUseCases } from "../../lib/seed/seed-usecases";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";

let operator: string;
useApiTest({
  setup: async () => {
    operator = (await userWithKey("operator")).key;
    await prisma.$transaction((tx) => seedUseCases({ db: tx, rng: new Prng(1), epoch: new Date("2026-11-01T00:00:00Z"), log: () => {} }));
  },
});

const get = (key?: string) => call(useCasesRoute.GET, "GET", "/api/usecases", { key });

describe("GET /api/usecases", () => {
  it("answers the use cases keyed by industry, in the seeded order", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(Object.keys(response.json)).toEqual([...INDUSTRIES]);
    expect(Object.keys(response.json)).toEqual([
      "Financial",
      "Healthcare",
      "Logistics",
      "Supply Chain",
      "Social Media",
      "Gaming",
      "Education",
      "Public Services",
    ]);
  });

  it("gives each industry a description, an application and string metrics", async () => {
    const { json } = await get();
    for (const industry of INDUSTRIES) {
      const useCase = json[industry];
      expect(Object.keys(useCase).sort()).toEqual(["application", "description", "metrics"]);
      expect(useCase.description.length).toBeGreaterThan(0);
      expect(useCase.application.length).toBeGreaterThan(0);
      expect(Object.keys(useCase.metrics).length).toBeGreaterThan(0);
      for (const value of Object.values(useCase.metrics)) expect(typeof value).toBe("string");
    }
    expect(json.Financial.metrics.ROI).toBe("15%");
    expect(json["Public Services"].metrics.SystemUptime).toBeDefined();
  });

  it("needs a credential when public reads are switched off", async () => {
    process.env.API_PUBLIC_READS = "false";
    resetEnv();
    try {
      expect((await get()).status).toBe(401);
      expect((await get(operator)).status).toBe(200);
    } finally {
      delete process.env.API_PUBLIC_READS;
      resetEnv();
    }
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("is read-only: %s answers 405 with Allow: GET", async (method) => {
    const response = await call(useCasesRoute[method], method, "/api/usecases", { key: operator, body: { Financial: {} } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });
});
