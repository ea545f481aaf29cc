// Every webhook delivery resolves the receiver's host once, checks every address it got, and
// connects to exactly the checked address: a name that resolves to a loopback, private or
// IPv6-wrapped private address is refused at delivery (whatever it answered when the URL was
// saved), and nothing reaches the receiver. The resolver is replaced for the test (a name that
// "rebinds" to 127.0.0.1 or ::ffff:127.0.0.1); the receiver listens on 127.0.0.1.
import type { LookupAddress } from "node:dns";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sendWebhook } from "../../lib/webhooks/send-webhook";
import { assertDeliverableUrl, useDeliveryResolver } from "../../lib/webhooks/check-delivery-url";
import { startReceiver } from "../webhooks/receiver";

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let port: number;
beforeAll(async () => {
  receiver = await startReceiver();
  port = Number(new URL(receiver.url()).port);
});
afterAll(() => receiver.close());
afterEach(() => useDeliveryResolver());

/** A resolver that answers `rebind.test` with the given addresses, counting its calls. */
const rebinding = (...answers: LookupAddress[][]) => {
  const calls: string[] = [];
  useDeliveryResolver(async (hostname) => {
    calls.push(hostname);
    return answers[Math.min(calls.length - 1, answers.length - 1)];
  });
  return calls;
};

const send = (allowPrivate: boolean) =>
  sendWebhook({ url: `http://rebind.test:${port}/hook`, messageId: "msg_1", body: "{}", secrets: [`whsec_${Buffer.alloc(32, 1).toString("base64")}`], timeoutMs: 5_000, allowPrivate });

describe("webhook delivery address", () => {
  it("refuses at delivery a name that now resolves to loopback, though it passed when saved", async () => {
    const calls = rebinding([{ address: "93.184.216.34", family: 4 }], [{ address: "127.0.0.1", family: 4 }]);
    await expect(assertDeliverableUrl(`http://rebind.test:${port}/hook`, false)).resolves.toBeUndefined();
    const before = receiver.received.length;
    const result = await send(false);
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toMatch(/127\.0\.0\.1.*private, loopback or link-local/);
    expect(receiver.received.length).toBe(before);
    expect(calls).toEqual(["rebind.test", "rebind.test"]);
  });

  it("refuses IPv6 forms of a private IPv4 address, and any answer among several that is private", async () => {
    for (const answer of [
      [{ address: "::ffff:127.0.0.1", family: 6 }],
      [{ address: "::ffff:7f00:1", family: 6 }],
      [{ address: "64:ff9b::a00:1", family: 6 }],
      [{ address: "2002:7f00:1::1", family: 6 }],
      [{ address: "93.184.216.34", family: 4 }, { address: "fd00::1", family: 6 }],
    ]) {
      rebinding(answer);
      const result = await send(false);
      expect(result.ok, JSON.stringify(answer)).toBe(false);
      expect(result.error).toMatch(/private, loopback or link-local/);
    }
  });

  it("connects to the one address it resolved and checked: one resolution per delivery", async () => {
    const calls = rebinding([{ address: "127.0.0.1", family: 4 }]);
    const before = receiver.received.length;
    const result = await send(true);
    expect(result, result.error ?? "").toMatchObject({ ok: true, statusCode: 204 });
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)?.headers.host).toBe(`rebind.test:${port}`);
    expect(calls).toEqual(["rebind.test"]);
  });

  it("refuses a literal private address without resolving anything", async () => {
    const calls = rebinding([{ address: "93.184.216.34", family: 4 }]);
    const result = await sendWebhook({ url: `http://[::ffff:127.0.0.1]:${port}/hook`, messageId: "msg_2", body: "{}", secrets: [`whsec_${Buffer.alloc(32, 1).toString("base64")}`], timeoutMs: 5_000, allowPrivate: false });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/private, loopback or link-local/);
    expect(calls).toEqual([]);
  });
});
