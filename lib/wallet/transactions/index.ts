// A wallet's transfers, paged and filtered, as JSON or CSV.
export * from "./schemas";
export * from "./operations";
export { listWalletTransactions } from "./list-wallet-transactions";
export { transactionsCsv } from "./format-transactions-csv";
