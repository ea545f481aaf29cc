// A scout: analyses the wallet its task names and reports the wallet's uncommon addresses,
// counterparties first (flag list, look-alikes, dust and zero-value transfers, spam tokens, bursts),
// with the reasons each was flagged, as its result. The wallet is the first 0x… address (40 hex digits) in
// the task's description or notes; a task without one fails, saying so.
//
//   syndicate-agent --handler packages/agent/examples/scout.mjs --credential ak_syn_…
const ADDRESS = /0x[0-9a-fA-F]{40}/;
const LISTED = 20;

class NoWalletInTask extends Error {
  name = "NoWalletInTask";
}

/** @type {import("@syndicate/agent").Handler} */
export default async function scout(task, context) {
  const wallet = `${task.description} ${task.metadata?.notes ?? ""}`.match(ADDRESS)?.[0];
  if (!wallet) throw new NoWalletInTask("The task names no wallet: put its 0x… address (40 hex digits) in the description or notes.");
  context.message(`Scouting wallet ${wallet} for uncommon addresses`);
  context.toolCall("getWalletUncommonAddresses", { address: wallet });
  /** @type {{ flagListVersion: string, coverage: { status: string }, addresses: { address: string, label: string | null, counterparty: boolean, transactionCount: number, reasons: { code: string, detail: string }[] }[] }} */
  const report = await context.api.get(`/api/wallets/${wallet}/uncommon`, undefined, context.signal);
  const counterparties = report.addresses.filter((entry) => entry.counterparty);
  context.toolResult(`${report.addresses.length} uncommon address(es), ${counterparties.length} of them counterparties (coverage: ${report.coverage.status})`);
  const byReason = {};
  for (const entry of report.addresses) for (const reason of entry.reasons) byReason[reason.code] = (byReason[reason.code] ?? 0) + 1;
  // Counterparties first (the wallet dealt with them), then addresses only present in its transfers.
  const ordered = [...counterparties, ...report.addresses.filter((entry) => !entry.counterparty)];
  const top = ordered.slice(0, LISTED).map((entry) => ({
    address: entry.address,
    label: entry.label,
    counterparty: entry.counterparty,
    transactions: entry.transactionCount,
    reasons: entry.reasons.map((reason) => reason.detail),
  }));
  const worst = top[0] ? ` First: ${top[0].label ?? top[0].address} (${top[0].reasons[0]}).` : "";
  return {
    summary:
      report.addresses.length === 0
        ? `Wallet ${wallet}: no uncommon addresses in its transfers (coverage ${report.coverage.status}).`
        : `Wallet ${wallet}: ${report.addresses.length} uncommon address(es), ${counterparties.length} of them counterparties.${worst}`,
    data: { wallet, coverage: report.coverage.status, flagListVersion: report.flagListVersion, byReason, uncommon: top, listed: top.length, total: report.addresses.length, counterparties: counterparties.length },
  };
}
