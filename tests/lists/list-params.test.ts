import { describe, expect, it } from "vitest";
import { ZDeploymentListQuery } from "../../lib/deployments/schemas";
import { listHref, nextSort, pagerText, parseListParams, sortState } from "../../components/list/list-params";
import { csvField, csvFileName, toCsv } from "../../components/list/csv";

describe("parseListParams", () => {
  it("reads the filters, the sort and the cursor once, with the page size", () => {
    const { query, values, invalid } = parseListParams(ZDeploymentListQuery, { status: "queued", q: ["vault", "other"], sort: "-name", unrelated: "x" }, ["status", "q"], 50);
    expect(invalid).toEqual([]);
    expect(values).toEqual({ status: "queued", q: "vault", sort: "-name" });
    expect(query).toMatchObject({ status: "queued", q: "vault", limit: 50, sort: { text: "-name", desc: true } });
  });

  it("drops a bad filter and names it, keeping the others", () => {
    const { query, values, invalid } = parseListParams(ZDeploymentListQuery, { status: "sleeping", q: "vault" }, ["status", "q"], 50);
    expect(invalid).toEqual(["status"]);
    expect(values).toEqual({ q: "vault" });
    expect(query.status).toBeUndefined();
    expect(query.q).toBe("vault");
  });

  it("drops an unknown sort and names it", () => {
    const { query, invalid } = parseListParams(ZDeploymentListQuery, { sort: "secret", status: "failed" }, ["status", "q"], 50);
    expect(invalid).toEqual(["sort"]);
    expect(query.status).toBe("failed");
    expect(query.sort).toBeUndefined();
  });

  it("falls back to the first page quietly for a stale cursor", () => {
    const { query, values, invalid } = parseListParams(ZDeploymentListQuery, { cursor: "not-ours", q: "vault" }, ["status", "q"], 50);
    expect(invalid).toEqual([]);
    expect(values).toEqual({ q: "vault" });
    expect(query.cursor).toBeUndefined();
  });

  it("drops and names a filter holding text no query can hold (a NUL byte, a lone surrogate); a cursor quietly", () => {
    const { query, values, invalid } = parseListParams(ZDeploymentListQuery, { q: "va\u0000ult", status: "queued", sort: "\ud800", cursor: "\u0000" }, ["status", "q"], 50);
    expect(invalid).toEqual(["q", "sort"]);
    expect(values).toEqual({ status: "queued" });
    expect(query).toMatchObject({ status: "queued", limit: 50 });
    expect(query.q).toBeUndefined();
    expect(query.cursor).toBeUndefined();
  });

  it("treats empty params as absent", () => {
    const { values, invalid } = parseListParams(ZDeploymentListQuery, { status: "", q: "  " }, ["status", "q"], 50);
    expect(values).toEqual({});
    expect(invalid).toEqual([]);
  });
});

describe("list links and sort headers", () => {
  it("keeps the filters and sort, and starts at the first page unless paging", () => {
    const values = { q: "vault", sort: "name", cursor: "abc" };
    expect(listHref("/deployments", values, { sort: "-name" })).toBe("/deployments?q=vault&sort=-name");
    expect(listHref("/deployments", values, { cursor: "def" })).toBe("/deployments?q=vault&sort=name&cursor=def");
    expect(listHref("/deployments", {})).toBe("/deployments");
  });

  it("sorts ascending first, then descending, then ascending again", () => {
    expect(nextSort(undefined, "name")).toBe("name");
    expect(nextSort("name", "name")).toBe("-name");
    expect(nextSort("-name", "name")).toBe("name");
    expect(nextSort("-name", "status")).toBe("status");
    expect(sortState("-name")).toEqual({ field: "name", direction: "descending" });
    expect(sortState(undefined)).toBeUndefined();
  });
});

describe("page size and page number", () => {
  const cursor = (id: string) => Buffer.from(JSON.stringify({ id })).toString("base64url");

  it("takes an offered page size as the limit and keeps it in links", () => {
    const { query, values, invalid, pageSize } = parseListParams(ZDeploymentListQuery, { limit: "100", q: "vault" }, ["status", "q"], 50);
    expect(invalid).toEqual([]);
    expect(pageSize).toBe(100);
    expect(query.limit).toBe(100);
    expect(values).toEqual({ q: "vault", limit: "100" });
    expect(listHref("/deployments", values, { q: "other" })).toBe("/deployments?q=other&limit=100");
  });

  it("names a page size it does not offer and uses the default", () => {
    for (const limit of ["1000", "0", "-25", "25.0", "abc"]) {
      const { query, values, invalid, pageSize } = parseListParams(ZDeploymentListQuery, { limit }, ["status", "q"], 50);
      expect(invalid).toEqual(["limit"]);
      expect(pageSize).toBe(50);
      expect(query.limit).toBe(50);
      expect(values).toEqual({});
    }
    // The page's own default is a size it offers even when the list of sizes leaves it out.
    expect(parseListParams(ZDeploymentListQuery, { limit: "24" }, [], 24, [24, 48]).invalid).toEqual([]);
    expect(parseListParams(ZDeploymentListQuery, { limit: "25" }, [], 24, [24, 48]).invalid).toEqual(["limit"]);
  });

  it("keeps a page number only beside a cursor, and drops a bad one quietly", () => {
    const next = cursor("dep-1");
    expect(parseListParams(ZDeploymentListQuery, { cursor: next, page: "3" }, ["q"], 50).values).toEqual({ cursor: next, page: "3" });
    for (const page of ["0", "1", "-2", "2.5", "x", "01"]) {
      const { values, invalid } = parseListParams(ZDeploymentListQuery, { cursor: next, page }, ["q"], 50);
      expect(values).toEqual({ cursor: next });
      expect(invalid).toEqual([]);
    }
    // Without a cursor (or with a stale one) it is the first page.
    expect(parseListParams(ZDeploymentListQuery, { page: "3" }, ["q"], 50).values).toEqual({});
    expect(parseListParams(ZDeploymentListQuery, { cursor: "not-ours", page: "3" }, ["q"], 50).values).toEqual({});
  });

  it("links: the next page carries its number, the first page and any change drop it", () => {
    const values = { q: "vault", limit: "50", cursor: "abc", page: "2" };
    expect(listHref("/agents", values, { cursor: "def", page: "3" })).toBe("/agents?q=vault&limit=50&cursor=def&page=3");
    expect(listHref("/agents", values)).toBe("/agents?q=vault&limit=50");
    expect(listHref("/agents", values, { limit: "100" })).toBe("/agents?q=vault&limit=100");
    expect(listHref("/agents", values, { sort: "name" })).toBe("/agents?q=vault&limit=50&sort=name");
  });
});

describe("pager text", () => {
  it("says the page, the page count and the rows shown", () => {
    expect(pagerText({ page: "1", pageSize: 25, total: 290, shown: 25, hasNext: true })).toBe("Page 1 of 12 · 1–25 of 290");
    expect(pagerText({ page: "2", pageSize: 25, total: 290, shown: 25, hasNext: true })).toBe("Page 2 of 12 · 26–50 of 290");
    expect(pagerText({ page: "12", pageSize: 25, total: 290, shown: 15, hasNext: false })).toBe("Page 12 of 12 · 276–290 of 290");
    expect(pagerText({ page: "1", pageSize: 25, total: 7, shown: 7, hasNext: false })).toBe("Page 1 of 1 · 1–7 of 7");
  });

  it("works the size out when it is not given: a full page before the next, the last page up to the total", () => {
    expect(pagerText({ page: "2", total: 60, shown: 25, hasNext: true })).toBe("Page 2 of 3 · 26–50 of 60");
    expect(pagerText({ page: "3", total: 60, shown: 10, hasNext: false })).toBe("Page 3 of 3 · 51–60 of 60");
  });

  it("says only what it knows for an unknown, impossible or empty page", () => {
    expect(pagerText({ page: undefined, pageSize: 25, total: 290, shown: 25, hasNext: true })).toBe("Showing 25 of 290");
    expect(pagerText({ page: "13", pageSize: 25, total: 290, shown: 25, hasNext: true })).toBe("Showing 25 of 290");
    expect(pagerText({ page: "4", pageSize: 25, total: 60, shown: 10, hasNext: false })).toBe("Showing 10 of 60");
    expect(pagerText({ page: "1", pageSize: 25, total: 0, shown: 0, hasNext: false })).toBe("Showing 0 of 0");
  });
});

describe("CSV", () => {
  it("quotes a field with a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvField("plain text")).toBe("plain text");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\r")).toBe('"cr\r"');
    expect(csvField("")).toBe("");
  });

  it("keeps a cell that starts like a formula from running in a spreadsheet, and negative numbers as numbers", () => {
    expect(csvField("=HYPERLINK(\"http://x\")")).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1 555")).toBe("'+1 555");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("-cmd")).toBe("'-cmd");
    expect(csvField("-2.5%")).toBe("-2.5%");
    expect(csvField("-.5")).toBe("-.5");
    expect(csvField("a=b")).toBe("a=b");
  });

  it("ends every record with CRLF and keeps empty cells", () => {
    expect(toCsv([["Name", "Id", "Note"], ["Alder", "agent-1", ""], ["", "agent-2", 'x,"y"']])).toBe('Name,Id,Note\r\nAlder,agent-1,\r\n,agent-2,"x,""y"""\r\n');
    expect(toCsv([])).toBe("");
  });

  it("names the file after the list and the local date", () => {
    expect(csvFileName("agents", new Date(2026, 10, 9, 23, 59))).toBe("agents-2026-11-09.csv");
  });
});
