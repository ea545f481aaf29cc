// Events of wallet indexing (docs/events.md); listed in the catalog through lib/wallet/events.ts.
// Client-safe. Recorded by the job engine (lib/jobs) with the indexing job's status update,
// private to the user who asked for the indexing (a scheduled refresh records none).
import { z } from "zod";
import { ZJobOutcome, type EventDefinition } from "../../outbox/catalog";
import { ZIndexingJob } from "../schemas";

const ZWalletIndexing = ZIndexingJob.extend({
  address: z.string().describe("The wallet's address (lower case); also the event's entity id"),
}).describe("One chain's indexing job of the wallet, as GET /api/wallets/{address}/indexing lists it");

export const WALLET_INDEXING_EVENTS: EventDefinition[] = [
  {
    type: "wallet_indexing.started",
    entityType: "wallet",
    summary: "A worker started indexing a wallet on one chain.",
    data: ZWalletIndexing,
    visibility: "private",
  },
  {
    type: "wallet_indexing.progressed",
    entityType: "wallet",
    summary: "A wallet indexing job saved its progress (the source action it reads, records so far).",
    data: ZWalletIndexing,
    visibility: "private",
  },
  {
    type: "wallet_indexing.finished",
    entityType: "wallet",
    summary: "A wallet indexing job ended: done (the figures are in), failed or cancelled.",
    data: ZWalletIndexing.extend({ status: ZJobOutcome }),
    visibility: "private",
  },
];
