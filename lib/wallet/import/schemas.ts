// The body of POST /api/wallets/import and the file of `npm run wallet:import`: stored facts,
// named like the database columns (docs/wallet-metrics.md, "Import"). Client-safe.
import { z } from "zod";
import { fitsInt64, int32, isoDateTime } from "../../core/primitives";
import { ZChainSlug, ZWalletAddress } from "../schemas";

/** Import bodies may be larger than the API's default 1 MiB: up to 10 MiB (bigger files: the CLI, which has no limit). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const ZTokenAddress = z
  .string()
  .trim()
  .regex(/^(native|0x[0-9a-fA-F]{40})$/, 'must be "native" or a token contract address (0x + 40 hex digits)')
  .transform((value) => value.toLowerCase());

/** A non-negative integer of up to `digits` digits, as a JSON number (safe integer) or a decimal string. */
const ZBigInteger = (digits: number, what: string) =>
  z
    .union([z.string().trim().regex(new RegExp(`^\\d{1,${digits}}$`), `must be a whole number of at most ${digits} digits (${what})`), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])
    .transform((value) => String(value).replace(/^0+(?=\d)/, ""));

const ZTime = isoDateTime();

export const ZImportChain = z.object({
  slug: ZChainSlug,
  chainId: int32().min(1, "must be at least 1"),
  name: z.string().trim().min(1).max(100),
  layer: z.enum(["Layer1", "Layer2"]),
  nativeSymbol: z.string().trim().min(1).max(20),
});

export const ZImportToken = z.object({
  chain: ZChainSlug,
  address: ZTokenAddress,
  symbol: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(200),
  decimals: z.number().int().min(0).max(77),
  isSpam: z.boolean().default(false),
});

export const ZImportPrice = z.object({
  chain: ZChainSlug,
  tokenAddress: ZTokenAddress,
  priceUsd: z.number().min(0).max(1e15),
  asOf: ZTime,
});

export const ZImportTransfer = z
  .object({
    chain: ZChainSlug,
    txHash: z.string().trim().regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x followed by 64 hex digits").transform((value) => value.toLowerCase()),
    logIndex: z.number().int().min(-1).max(1_000_000).describe("-1 for the transaction's own value, else the log index"),
    blockNumber: ZBigInteger(19, "block number").refine(fitsInt64, `must be at most ${2n ** 63n - 1n}`),
    timestamp: ZTime,
    fromAddress: ZWalletAddress,
    toAddress: ZWalletAddress,
    kind: z.enum(["native", "erc20", "erc721"]),
    tokenAddress: ZTokenAddress,
    tokenId: ZBigInteger(78, "token id").nullable().optional(),
    amount: ZBigInteger(78, "raw amount in the token's smallest unit"),
    txFrom: ZWalletAddress.nullable().optional(),
  })
  .superRefine((transfer, context) => {
    if ((transfer.kind === "native") !== (transfer.tokenAddress === "native")) {
      context.addIssue({ code: "custom", path: ["tokenAddress"], message: 'a native transfer has tokenAddress "native"; a token transfer its contract address' });
    }
    if (transfer.kind === "native" && transfer.logIndex !== -1) context.addIssue({ code: "custom", path: ["logIndex"], message: "a native transfer (the transaction's own value) has logIndex -1" });
    if (transfer.kind === "erc721" && transfer.tokenId == null) context.addIssue({ code: "custom", path: ["tokenId"], message: "an ERC-721 transfer needs its tokenId" });
  })
  // The document says the same: native transfers are the transaction's own value (logIndex -1, token
  // "native"); token transfers name their contract; an ERC-721 transfer its token id.
  .meta({
    allOf: [
      {
        if: { properties: { kind: { const: "native" } }, required: ["kind"] },
        then: { properties: { tokenAddress: { const: "native" }, logIndex: { const: -1 } } },
        else: { properties: { tokenAddress: { not: { const: "native" } } } },
      },
      { if: { properties: { kind: { const: "erc721" } }, required: ["kind"] }, then: { required: ["tokenId"], properties: { tokenId: { not: { type: "null" } } } } },
    ],
  });

export const ZImportHolding = z.object({
  walletAddress: ZWalletAddress,
  chain: ZChainSlug,
  tokenAddress: ZTokenAddress,
  balance: ZBigInteger(78, "raw balance in the token's smallest unit"),
});

export const ZImportNft = z.object({
  walletAddress: ZWalletAddress,
  chain: ZChainSlug,
  contractAddress: ZWalletAddress,
  tokenId: ZBigInteger(78, "token id"),
  collectionName: z.string().trim().min(1).max(200),
  floorPriceUsd: z.number().min(0).nullable().optional(),
});

export const ZImportAddressInfo = z.object({
  chain: ZChainSlug,
  address: ZWalletAddress,
  isContract: z.boolean(),
  label: z.string().trim().min(1).max(200).nullable().optional(),
  firstSeenAt: ZTime.nullable().optional(),
});

export const ZImportApproval = z.object({
  chain: ZChainSlug,
  txHash: z.string().trim().regex(/^0x[0-9a-fA-F]{64}$/, "must be a transaction hash (0x + 64 hex digits)").transform((value) => value.toLowerCase()),
  logIndex: z.number().int().min(0).max(2_147_483_647),
  blockNumber: ZBigInteger(20, "block number"),
  timestamp: ZTime,
  owner: ZWalletAddress,
  spender: ZWalletAddress,
  tokenAddress: ZWalletAddress.describe("The token (ERC-20) or collection (ApprovalForAll) contract"),
  kind: z.enum(["erc20", "all"]).describe("erc20: Approval(owner, spender, value); all: ApprovalForAll(owner, operator, approved)"),
  amount: ZBigInteger(78, "raw allowance; for kind all, 1 approved or 0 revoked"),
});

const MAX_ROWS = 200_000;
const rows = <T extends z.ZodType>(schema: T) => z.array(schema).max(MAX_ROWS, `at most ${MAX_ROWS} rows`);

/** The natural key of each kind of row: two rows with one key in one file are an error. */
const KEYS = {
  chains: (row: z.infer<typeof ZImportChain>) => row.slug,
  tokens: (row: z.infer<typeof ZImportToken>) => `${row.chain}|${row.address}`,
  // Date.parse, not toISOString: this check also runs on rows whose asOf was already refused.
  prices: (row: z.infer<typeof ZImportPrice>) => `${row.chain}|${row.tokenAddress}|${Date.parse(row.asOf)}`,
  transfers: (row: z.infer<typeof ZImportTransfer>) => `${row.chain}|${row.txHash}|${row.logIndex}`,
  holdings: (row: z.infer<typeof ZImportHolding>) => `${row.walletAddress}|${row.chain}|${row.tokenAddress}`,
  nfts: (row: z.infer<typeof ZImportNft>) => `${row.walletAddress}|${row.chain}|${row.contractAddress}|${row.tokenId}`,
  addressInfo: (row: z.infer<typeof ZImportAddressInfo>) => `${row.chain}|${row.address}`,
  approvals: (row: z.infer<typeof ZImportApproval>) => `${row.chain}|${row.txHash}|${row.logIndex}`,
} as const;

export const ZImportBody = z
  .object({
    chains: rows(ZImportChain).default([]).describe("Chains to add or replace (by slug)"),
    tokens: rows(ZImportToken).default([]).describe("Token metadata to add or replace (by chain and address)"),
    prices: rows(ZImportPrice).default([]).describe("USD prices; an existing (chain, token, asOf) is kept"),
    transfers: rows(ZImportTransfer).describe("Transfers; an existing (chain, txHash, logIndex) is kept"),
    holdings: rows(ZImportHolding).default([]).describe("Token balances now, raw units (replace by wallet, chain, token)"),
    nfts: rows(ZImportNft).default([]).describe("NFTs held now (replace by wallet, chain, contract, token id)"),
    addressInfo: rows(ZImportAddressInfo).default([]).describe("Contract-or-wallet facts (replace by chain and address)"),
    approvals: rows(ZImportApproval).default([]).describe("Approval and ApprovalForAll events; an existing (chain, txHash, logIndex) is kept"),
  })
  .superRefine((body, context) => {
    for (const part of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
      const seen = new Map<string, number>();
      (body[part] as unknown[]).forEach((row, index) => {
        const key = (KEYS[part] as (row: unknown) => string)(row);
        const first = seen.get(key);
        if (first === undefined) seen.set(key, index);
        else context.addIssue({ code: "custom", path: [part, index], message: `duplicates ${part}.${first} (same natural key)` });
      });
    }
  });
export type TImportBody = z.output<typeof ZImportBody>;

export const ZImportResult = z.object({
  chains: z.number().int().describe("Chains written"),
  tokens: z.number().int(),
  prices: z.object({ received: z.number().int(), stored: z.number().int().describe("New rows (existing ones kept)") }),
  transfers: z.object({ received: z.number().int(), stored: z.number().int().describe("New rows (existing ones kept)") }),
  holdings: z.number().int(),
  nfts: z.number().int(),
  addressInfo: z.number().int(),
  approvals: z.object({ received: z.number().int(), stored: z.number().int().describe("New rows (existing ones kept)") }),
});
export type TImportResult = z.infer<typeof ZImportResult>;
