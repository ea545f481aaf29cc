// The dated local flag list shipped with the app (flag-list.json), validated once at load.
import { z } from "zod";
import raw from "./flag-list.json" with { type: "json" };
import type { FlagList } from "./rules/types";

const ZFlagList = z.object({
  version: z.iso.date(),
  entries: z.array(
    z.object({
      address: z.string().regex(/^0x[0-9a-f]{40}$/, "must be a lower-case 0x address"),
      chains: z.array(z.string()).optional(),
      reason: z.string().min(1),
      source: z.string().min(1),
      listedOn: z.iso.date(),
    }),
  ),
});

export const FLAG_LIST: FlagList = ZFlagList.parse(raw);
