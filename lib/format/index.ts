// The one formatter module for numbers, money, percentages, dates, durations, risk scores, sizes and
// addresses. Pure (no clock, no locale of the machine): server and client components alike.
export * from "./numbers";
export * from "./dates";
