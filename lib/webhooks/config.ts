// Webhook delivery settings (docs/webhooks.md), read from the environment once per process.
import { z } from "zod";
import { envSection } from "../config/section";

const ZBooleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "250ms", "5s", "2m", "1h", "1d" → milliseconds; undefined when it is none of those. */
export const parseDuration = (text: string): number | undefined => {
  const match = /^(\d{1,9})(ms|s|m|h|d)$/.exec(text.trim());
  return match ? Number(match[1]) * UNIT_MS[match[2]] : undefined;
};

const ZDuration = z.string().transform((text, context) => {
  const ms = parseDuration(text);
  if (ms === undefined) context.addIssue({ code: "custom", message: `'${text}' is not a duration such as 500ms, 5s, 2m, 1h or 1d` });
  return ms ?? 0;
});

const ZSchedule = z.string().transform((text, context) => {
  const parts = text.split(",").filter((part) => part.trim() !== "");
  const delays = parts.map((part) => parseDuration(part));
  if (parts.length > 50 || delays.some((delay) => delay === undefined)) {
    context.addIssue({ code: "custom", message: "must be up to 50 comma-separated durations such as 5s,30s,2m,10m,1h" });
  }
  return delays.map((delay) => delay ?? 0);
});

const ZWebhooksEnv = z.object({
  WEBHOOKS_ALLOW_PRIVATE_URLS: ZBooleanFlag.default(false).describe(
    "Allow endpoints on loopback, private and link-local addresses (tests and local development); refused by default (SSRF)",
  ),
  WEBHOOKS_TIMEOUT: ZDuration.default(10_000).describe("How long one delivery attempt may take, connection to the end of the answer"),
  WEBHOOKS_RETRY_SCHEDULE: ZSchedule.default([5_000, 30_000, 120_000, 600_000, 3_600_000, 14_400_000, 43_200_000]).describe(
    "Waits before each retry of a failed delivery; its length is the number of retries",
  ),
  WEBHOOKS_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).default(20).describe("Failed attempts in a row that, together with WEBHOOKS_DISABLE_AFTER, disable an endpoint"),
  WEBHOOKS_DISABLE_AFTER: ZDuration.default(86_400_000).describe("How long an endpoint must have been failing (every attempt since) before it is disabled"),
  WEBHOOKS_ORDER_WAIT: ZDuration.default(1_000).describe("How long a delivery waiting behind an earlier one for the same endpoint and record waits before it looks again"),
  WEBHOOKS_SECRET_GRACE: ZDuration.default(86_400_000).describe("How long the previous secret still signs (beside the new one) after a rotation"),
});

export type TWebhooksConfig = z.infer<typeof ZWebhooksEnv>;

const section = envSection("webhooks configuration", ZWebhooksEnv);

export const webhooksConfig = (): TWebhooksConfig => section.get();

/** Forget the parsed settings (tests that change process.env). */
export const resetWebhooksConfig = section.reset;
