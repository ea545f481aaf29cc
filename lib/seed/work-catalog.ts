// The vocabulary of the connected agents' work (seed-runs.ts): per role, the tasks they are given,
// what they report, the product operations they call as tools (reads freely, writes after an
// approval: docs/agents-at-work.md, "Tools" and "Approvals"), and how runs fail. Plain data.

export type WorkTask = {
  description: string;
  /** Result summaries of a completed run. */
  results: readonly string[];
};

export type WorkWrite = {
  /** The operation id the agent asks to call. */
  tool: string;
  /** What the approval request says. */
  summary: string;
};

export type WorkRole = {
  name: "Scout" | "Builder";
  tasks: readonly WorkTask[];
  /** Read operations (no approval needed). */
  reads: readonly string[];
  /** Write operations, each asked for before it is called. */
  writes: readonly WorkWrite[];
  /** Failures of the agent's own making or its sources', as errorClass and message. */
  errors: readonly (readonly [string, string])[];
};

export const WORK_ROLES: readonly WorkRole[] = [
  {
    name: "Scout",
    tasks: [
      { description: "Watch the ETH/USDC pool on Base for price deviations above 2%", results: ["No deviation above 2% in the window; 3 near misses logged.", "One 2.4% deviation at the hour's open, reverted within 4 minutes; reported."] },
      { description: "Report whale transfers above 500 ETH in the last six hours", results: ["2 transfers above 500 ETH, both exchange rebalancing; no action needed.", "No transfer above the threshold."] },
      { description: "Scan the mempool for sandwich attempts on the tracked routers", results: ["4 sandwich attempts seen, none against tracked wallets.", "No sandwich pattern around the tracked routers."] },
      { description: "Flag newly seen contracts that mimic tracked token names", results: ["1 look-alike token flagged for the Defender squad.", "No look-alike contract among 212 new deployments."] },
      { description: "Summarise governance proposals touching the treasury", results: ["3 proposals summarised; one changes the treasury's spending cap.", "No new proposal touches the treasury this week."] },
      { description: "Track sentiment on the token unlock announcement", results: ["Sentiment mostly neutral; two large holders announced they will hold.", "Negative spike after the unlock date was confirmed; trend report attached."] },
    ],
    reads: ["listWalletTransactions", "getWalletMetrics", "getWalletUncommonAddresses", "searchEntities", "listEvents", "listDeployments"],
    writes: [
      { tool: "assignTask", summary: "Open a follow-up task for the Defender squad about the flagged address" },
      { tool: "updateTask", summary: "Attach the watch report to the incident task and raise its priority" },
    ],
    errors: [
      ["RpcQuotaExceeded", "The upstream RPC answered 429 for three minutes; giving up on this window."],
      ["SourceTimeout", "The explorer did not answer within 30 s (3 tries)."],
      ["DataGap", "Blocks 18,204,511–18,204,590 are missing from the index; the window cannot be judged."],
    ],
  },
  {
    name: "Builder",
    tasks: [
      { description: "Deploy the price-feed adapter to staging", results: ["Deployed to staging; health checks green.", "Deployed; the adapter answers within 180 ms at the 95th percentile."] },
      { description: "Publish the indexer's new release to the marketplace listing", results: ["Listing updated with release notes and the new version.", "Release published; documentation links checked."] },
      { description: "Roll the gas-optimised router contract out to Arbitrum", results: ["Router deployed; gas per swap down 11% in the smoke test.", "Rolled out behind the feature flag; traffic at 10%."] },
      { description: "Refresh the oracle adapter's integration tests", results: ["42 integration tests pass against the new adapter.", "Tests refreshed; two flaky cases fixed."] },
      { description: "Rebuild the webhook relay with the patched dependency", results: ["Relay rebuilt and redeployed; no delivery lost.", "Rebuilt; the dependency's advisory no longer applies."] },
    ],
    reads: ["listDeployments", "getDeploymentStatus", "getMarketplaceItem", "listMarketplaceItems", "listTasks"],
    writes: [
      { tool: "deployDapp", summary: "Deploy the built artefact to the staging environment" },
      { tool: "updateDeploymentStatus", summary: "Mark the previous deployment rolled back after the switch" },
      { tool: "updateMarketplaceItem", summary: "Update the marketplace listing with the new release" },
    ],
    errors: [
      ["BuildFailed", "The build stopped at the contract compile step: an unknown pragma version."],
      ["ToolError", "deployDapp answered 422: the network is not enabled for this project."],
      ["TestFailure", "3 of 42 integration tests failed against the new adapter; nothing deployed."],
    ],
  },
];

/** What a person says when deciding an approval request. */
export const APPROVAL_COMMENTS = {
  approved: ["Go ahead.", "Approved; keep the previous version for a rollback.", "Fine for staging.", "Approved after checking the diff."],
  rejected: ["Not during the release freeze; try again on Monday.", "Wrong network: this belongs on Arbitrum.", "Hold off until the audit is signed."],
} as const;

/** What ends a run whose approval was rejected and which then gives up. */
export const REJECTED_ERROR = ["ApprovalRejected", "The operator rejected the change; nothing was written."] as const;

/** What the lost-run sweep writes (lib/runs/lost-run-sweep.ts). */
export const LOST_ERROR = ["LeaseExpired", "The agent stopped heartbeating: its lease ran out."] as const;

/** A connected agent's plans and notes, for its message and log steps. */
export const PLANS = [
  "Plan: read the current state, compare it with the thresholds in the task, report what differs.",
  "Plan: collect the inputs, check them, then act and verify.",
  "Plan: look at the last window first, then widen it if anything stands out.",
] as const;

export const LOGS = ["Claimed the task; loading its context.", "Context loaded; starting.", "Resumed after the approval."] as const;

/** USD per token, blended input and output, for the steps' costs. */
export const TOKEN_PRICE = 0.000004;
