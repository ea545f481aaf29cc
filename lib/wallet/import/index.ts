// The admin import of wallet facts (POST /api/wallets/import, `npm run wallet:import`): all or nothing.
export * from "./schemas";
export * from "./operations";
export { importWalletData } from "./import-wallet-data";
export { importWalletFile } from "./import-wallet-file";
