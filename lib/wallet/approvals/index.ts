// A wallet's current token allowances, with the value at risk and uncommon spenders.
export * from "./schemas";
export * from "./operations";
export { listWalletApprovals } from "./list-wallet-approvals";
