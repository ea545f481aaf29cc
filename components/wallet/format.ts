// Number and address formatting of the wallet page (fixed en-US, so server and browser agree).
export const formatUsd = (value: number) => value.toLocaleString("en-US", { style: "currency", currency: "USD" });

export const formatInteger = (value: number) => value.toLocaleString("en-US");

export const formatPercent = (value: number) => `${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;

export const shortAddress = (address: string) => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);
