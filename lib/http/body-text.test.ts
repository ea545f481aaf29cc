// A JSON answer's Response reads like any Response built from its text: the same body through
// every reader, once; clones keep it; the headers and status are the given ones; and the text is
// there for the direct dispatcher without a body stream being made.
import { describe, expect, it } from "vitest";
import { withBodyText } from "./body-text";

const TEXT = '{"name":"Atlas","ok":true,"note":"ünïcode ✓"}';
const make = () => withBodyText(TEXT, { status: 201, headers: { "content-type": "application/json", "x-request-id": "r1" } });

describe("withBodyText", () => {
  it("is a Response with the given status and headers, and no content-type of its own", () => {
    const response = make();
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-request-id")).toBe("r1");
  });

  it("answers its text through text(), json(), arrayBuffer() and the body stream, byte for byte", async () => {
    expect(await make().text()).toBe(TEXT);
    expect(await make().json()).toEqual(JSON.parse(TEXT));
    expect(Buffer.from(await make().arrayBuffer()).toString("utf8")).toBe(TEXT);
    expect(await new Response(make().body).text()).toBe(TEXT);
  });

  it("can be read once, like any Response, and a clone reads on its own", async () => {
    const response = make();
    const copy = response.clone();
    expect(response.bodyUsed).toBe(false);
    await response.text();
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow();
    expect(await copy.text()).toBe(TEXT);
    expect(copy.status).toBe(201);
  });

  it("holds its text for the production server under the shared symbol", () => {
    const response = make() as Response & Record<symbol, unknown>;
    expect(response[Symbol.for("syndicate.responseBodyText")]).toBe(TEXT);
  });
});
