// The wallets a user links to their account; the default one answers POST /api/metrics without an address.
export * from "./schemas";
export * from "./operations";
export { listWalletLinks, linkWallet, updateWalletLink, unlinkWallet } from "./manage-wallet-links";
