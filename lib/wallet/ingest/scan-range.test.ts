import { describe, expect, it } from "vitest";
import { InvalidParamsRpcError, LimitExceededRpcError, RpcRequestError, HttpRequestError } from "viem";
import { isRangeRefusal } from "./scan-range";

const rpcError = (code: number, message: string) => new RpcRequestError({ body: {}, url: "http://node", error: { code, message } });

describe("isRangeRefusal", () => {
  it("recognises the providers' ways of refusing a block range", () => {
    expect(isRangeRefusal(new LimitExceededRpcError(rpcError(-32005, "query returned more than 10000 results")))).toContain("more than 10000 results");
    expect(isRangeRefusal(new InvalidParamsRpcError(rpcError(-32602, "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range")))).toContain("Log response size exceeded");
    expect(isRangeRefusal(rpcError(-32614, "eth_getLogs is limited to a 10,000 range"))).toContain("limited to a 10,000 range");
    expect(isRangeRefusal(rpcError(-32600, "block range is too wide"))).toBe("block range is too wide");
    expect(isRangeRefusal(new HttpRequestError({ url: "http://node", status: 413 }))).toBe("HTTP 413");
  });

  it("does not take a rate limit or another failure for a range refusal", () => {
    expect(isRangeRefusal(new LimitExceededRpcError(rpcError(-32005, "project ID request rate exceeded")))).toBeNull();
    expect(isRangeRefusal(rpcError(-32000, "header not found"))).toBeNull();
    expect(isRangeRefusal(new Error("fetch failed"))).toBeNull();
  });
});
