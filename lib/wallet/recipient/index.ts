// The recipient check: what a wallet's own history says about an address before it sends there.
export * from "./schemas";
export * from "./operations";
export { checkWalletRecipient } from "./check-wallet-recipient";
