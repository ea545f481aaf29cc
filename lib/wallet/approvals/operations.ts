// API operations of a wallet's approvals (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { EXAMPLE_COVERAGE, EXAMPLE_WALLET } from "../examples";
import { ZWalletAddressParams } from "../schemas";
import type { TWalletApprovals } from "./schemas";
import { ZApprovalsQuery, ZWalletApprovals } from "./schemas";

// The document's example: a wallet that approved a marketplace for its NFT collection, and gave an
// unlimited USDC allowance to a plain address (a common phishing pattern).
const WALLET = EXAMPLE_WALLET;
const COVERAGE = EXAMPLE_COVERAGE;
const PHISHER = "0xe58b081006f7e3dfc967a64cb14028d512c9791e";
const APPROVALS_EXAMPLE: TWalletApprovals = {
  wallet_address: WALLET,
  approvals: [
    {
      chain: "eth-mainnet",
      kind: "all",
      tokenAddress: "0x4941d4072014b3ce107f80e222f828767efc2f91",
      symbol: "Chain Runners",
      spender: "0x1e0049783f008a0085193e00003d00cd54003c71",
      spenderLabel: "OpenSea: Conduit",
      spenderIsContract: true,
      allowance: "1",
      allowanceUnits: null,
      unlimited: false,
      balance: null,
      valueAtRiskUsd: 412.5,
      approvedAt: "2026-08-14T16:03:27.000Z",
      txHash: "0x08f86bebb2737f6a6f0fb23c6f5da2cec255404e4fb440034d6608697a8d41be",
      uncommon: false,
      reasons: [],
    },
    {
      chain: "eth-mainnet",
      kind: "erc20",
      tokenAddress: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
      symbol: "USDC",
      spender: PHISHER,
      spenderLabel: null,
      spenderIsContract: false,
      allowance: "115792089237316195423570985008687907853269984665640564039457584007913129639935",
      allowanceUnits: "115792089237316195423570985008687907853269984665640564039457584007913129.639935",
      unlimited: true,
      balance: "10000000",
      valueAtRiskUsd: 10,
      approvedAt: "2026-09-02T11:20:45.000Z",
      txHash: "0xd440e50454f31af3176813e02ea68ef786e4d3cea27d26934b484e73cf575dca",
      uncommon: true,
      reasons: [
        {
          code: "eoa-spender",
          detail: `The spender ${PHISHER} is not a contract: allowances normally go to contracts (routers, marketplaces); one for a plain address is a common phishing pattern.`,
        },
      ],
    },
  ],
  totalValueAtRiskUsd: 422.5,
  coverage: COVERAGE,
};

export const listWalletApprovalsOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/{address}/approvals",
  operationId: "listWalletApprovals",
  summary: "The wallet's current token approvals (ERC-20 allowances and ApprovalForAll) with spender labels, value at risk and uncommon spenders",
  description:
    "Reads the stored Approval and ApprovalForAll events where the wallet is the owner: per chain, token, spender and kind the latest event is in effect, and an amount of 0 (revoked) is left out. `valueAtRiskUsd` is min(allowance, balance now) × the latest price for an allowance, and the floor prices of the collection's NFTs the wallet holds for ApprovalForAll; a token approved to two spenders counts twice in the total. A spender is uncommon when the flag list or the uncommon-address heuristics name it, when it is known not to be a contract, or when nothing is known about it; an address you trust is never flagged for the last two. Events come from imports and JSON-RPC indexing (the explorer source reads none), so `coverage` says what the answer rests on.",
  example: { params: { address: WALLET }, response: APPROVALS_EXAMPLE },
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  query: ZApprovalsQuery,
  responses: { 200: { description: "Current approvals, largest value at risk first", schema: ZWalletApprovals } },
  errors: { 400: "Invalid address or unknown chain" },
});
