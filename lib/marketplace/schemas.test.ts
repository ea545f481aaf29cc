import { describe, expect, it } from "vitest";
import { ZCommerce, ZLeaseSaleCommerce, ZMarketplaceItemBody, ZPriceCommerce } from "./schemas";

const issues = (value: unknown) => {
  const result = ZCommerce.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("commerce", () => {
  it("accepts exactly one of the two shapes and drops unknown keys", () => {
    expect(ZCommerce.parse({ price: 0, currency: "USD" })).toEqual({ price: 0 });
    expect(ZCommerce.parse({ leasePrice: 1, salePrice: 2, supportedIndustries: ["Gaming"] })).toEqual({
      leasePrice: 1,
      salePrice: 2,
      supportedIndustries: ["Gaming"],
    });
  });

  it("refuses a mix of both shapes with one clear message", () => {
    expect(issues({ price: 1, leasePrice: 2 })).toEqual([["", expect.stringContaining("not a mix of both")]]);
    expect(issues({ price: 1, leasePrice: 2, salePrice: 3, supportedIndustries: ["Gaming"] })).toEqual([["", expect.stringContaining("not a mix of both")]]);
  });

  it("says which shape it recognised and what it lacks", () => {
    expect(issues({ leasePrice: 2 })).toEqual([["", expect.stringMatching(/leasePrice, salePrice, supportedIndustries.*salePrice: must be a number/)]]);
    expect(issues({ price: "free" })).toEqual([["", "commerce { price }: price: must be a number"]]);
    expect(issues({})).toEqual([["", expect.stringContaining("must carry either")]]);
    expect(issues(null)).toEqual([["", expect.stringContaining("must be an object")]]);
  });

  it("points at the field when only a value is wrong", () => {
    expect(issues({ price: -5 })).toEqual([["price", "must be 0 or more"]]);
    expect(issues({ leasePrice: 1, salePrice: 2, supportedIndustries: [] })).toEqual([["supportedIndustries", "must name at least one industry"]]);
  });

  it("lets a form check the chosen shape field by field", () => {
    const price = ZPriceCommerce.safeParse({ price: undefined });
    expect(price.error?.issues.map((issue) => issue.path.join("."))).toEqual(["price"]);
    const lease = ZLeaseSaleCommerce.safeParse({ supportedIndustries: [] });
    expect(lease.error?.issues.map((issue) => issue.path.join(".")).sort()).toEqual(["leasePrice", "salePrice", "supportedIndustries"]);
  });
});

describe("item body", () => {
  const base = { id: "item.1", name: "Item", description: "About it", itemType: "model" };

  it.each(["https://example.com/app", "http://localhost:3000/x", "http://10.0.0.2/"])("accepts the url %s", (url) => {
    expect(ZMarketplaceItemBody.safeParse({ ...base, url }).success).toBe(true);
  });

  it.each(["ftp://example.com", "example.com", "mailto:a@b.c", "javascript:alert(1)", "//example.com"])("refuses the url %s", (url) => {
    expect(ZMarketplaceItemBody.safeParse({ ...base, url }).success).toBe(false);
  });

  it("knows the seven item types", () => {
    for (const itemType of ["dApp", "agent", "squad", "syndicate", "dataset", "model", "plugin"]) {
      expect(ZMarketplaceItemBody.safeParse({ ...base, itemType }).success).toBe(true);
    }
    expect(ZMarketplaceItemBody.safeParse({ ...base, itemType: "dapp" }).success).toBe(false);
  });
});
