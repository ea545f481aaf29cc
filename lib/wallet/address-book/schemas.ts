// Schemas of the address book (/api/address-book). Client-safe.
import { z } from "zod";
import { ZPageQuery } from "../../core/paging";
import { ZWalletAddress } from "../schemas";

export const ZAddressBookBody = z
  .object({
    label: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters").nullable().optional().describe("Your name for the address (null or absent: none)"),
    trusted: z.boolean().optional().describe("Trust it: it anchors look-alike detection and its dust and spam transfers are not flagged (default false)"),
  })
  .refine((body) => (body.label ?? null) !== null || body.trusted === true, { message: "an entry needs a label or trusted: true", path: ["label"] })
  .meta({ anyOf: [{ required: ["label"], properties: { label: { type: "string" } } }, { required: ["trusted"], properties: { trusted: { const: true } } }] });
export type TAddressBookBody = z.infer<typeof ZAddressBookBody>;

export const ZAddressBookEntry = z.object({
  address: z.string(),
  label: z.string().nullable(),
  trusted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAddressBookEntry = z.infer<typeof ZAddressBookEntry>;

export const ZAddressBookQuery = ZPageQuery.extend({
  trusted: z.enum(["true", "false"]).transform((value) => value === "true").optional().describe("Only trusted (true) or untrusted (false) entries"),
});
export type TAddressBookQuery = z.output<typeof ZAddressBookQuery>;

export const ZAddressBookParams = z.object({ address: ZWalletAddress.describe("The address (0x + 40 hex digits)") });
