// A wallet's value at the end of each day.
export * from "./schemas";
export * from "./operations";
export { getBalanceHistory } from "./get-balance-history";
