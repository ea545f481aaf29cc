import { describe, expect, it } from "vitest";
import {
  formatAddress,
  formatTokenAmount,
  formatBytes,
  formatCompact,
  formatCost,
  formatDate,
  formatDateTime,
  formatDayShort,
  formatDecimal,
  formatDuration,
  formatInteger,
  formatMeasure,
  formatMonth,
  formatMs,
  formatPercent,
  formatPrice,
  formatProbability,
  formatRating,
  formatRelative,
  formatRiskScore,
  formatShare,
  formatChance,
  formatStatus,
  formatTimestamp,
  formatUsd,
  isoDay,
} from ".";

describe("numbers", () => {
  it("groups integers and rounds fractions", () => {
    expect(formatInteger(0)).toBe("0");
    expect(formatInteger(1234567)).toBe("1,234,567");
    expect(formatInteger(12.6)).toBe("13");
    expect(formatInteger(-0.2)).toBe("0");
  });

  it("writes decimals with a fixed number of digits", () => {
    expect(formatDecimal(1234.56)).toBe("1,234.6");
    expect(formatDecimal(2, 2)).toBe("2.00");
    expect(formatDecimal(-0.01)).toBe("0.0");
  });

  it("writes a measure with its unit, or a dash when missing", () => {
    expect(formatMeasure(12.5, " s")).toBe("12.5 s");
    expect(formatMeasure(21000)).toBe("21,000");
    expect(formatMeasure(undefined, " s")).toBe("—");
    expect(formatMeasure(null)).toBe("—");
  });

  it("writes money with cents, $0.00 for zero, and Free only for a marketplace price", () => {
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
    expect(formatUsd(-3.1)).toBe("-$3.10");
    expect(formatUsd(-0.001)).toBe("$0.00");
    expect(formatPrice(0)).toBe("Free");
    expect(formatPrice(49)).toBe("$49.00");
  });

  it("writes an agent's costs with cents, keeping four decimals below one cent", () => {
    expect(formatCost(0)).toBe("$0.00");
    expect(formatCost(12.345)).toBe("$12.35");
    expect(formatCost(0.01)).toBe("$0.01");
    expect(formatCost(0.0035)).toBe("$0.0035");
    expect(formatCost(0.00049)).toBe("$0.0005");
    expect(formatCost(0.00001)).toBe("<$0.0001");
  });

  it("writes percentages one way: one decimal, no space", () => {
    expect(formatPercent(12.345)).toBe("12.3%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(100)).toBe("100.0%");
    expect(formatPercent(1234.5)).toBe("1234.5%");
    expect(formatPercent(-0.04)).toBe("0.0%");
    expect(formatPercent(-2.25)).toBe("-2.3%");
    expect(formatShare(0.123)).toBe("12.3%");
  });

  it("writes a chance as a percentage, keeping two digits of a small one", () => {
    expect(formatChance(0.796)).toBe("79.6%");
    expect(formatChance(1)).toBe("100.0%");
    expect(formatChance(0.001)).toBe("0.1%");
    expect(formatChance(0.0000038)).toBe("0.00038%");
    expect(formatChance(2 ** -18)).toBe("0.00038%");
    expect(formatChance(1e-9)).toBe("0.00000010%");
    expect(formatChance(0)).toBe("0%");
  });

  it("writes probabilities with three decimals", () => {
    expect(formatProbability(0.5)).toBe("0.500");
    expect(formatProbability(1 / 3)).toBe("0.333");
  });

  it("compacts large counts", () => {
    expect(formatCompact(950)).toBe("950");
    expect(formatCompact(12_345)).toBe("12.3k");
    expect(formatCompact(2_000)).toBe("2k");
    expect(formatCompact(1_500_000)).toBe("1.5M");
    expect(formatCompact(999_950)).toBe("1M");
    expect(formatCompact(-12_345)).toBe("-12.3k");
    expect(formatCompact(3_200_000_000)).toBe("3.2B");
  });

  it("writes byte sizes in powers of 1024", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(12 * 1024 * 1024)).toBe("12.0 MB");
    expect(formatBytes(3 * 1024 ** 4)).toBe("3.0 TB");
  });

  it("writes a risk as a score out of 100", () => {
    expect(formatRiskScore(0.234)).toBe("23.4/100");
  });

  it("writes ratings, addresses and enum values", () => {
    expect(formatRating(4.25)).toBe("4.3 / 5");
    expect(formatAddress("0x1234567890abcdef1234567890abcdef1234abcd")).toBe("0x1234…abcd");
    expect(formatAddress("0x1234")).toBe("0x1234");
    expect(formatStatus("in_progress")).toBe("in progress");
  });
});

describe("dates", () => {
  const moment = "2026-11-20T09:05:42.000Z";

  it("writes dates and times in UTC in one style", () => {
    expect(formatDate(moment)).toBe("Nov 20, 2026");
    expect(formatDateTime(moment)).toBe("Nov 20, 2026, 09:05 UTC");
    expect(formatTimestamp(moment)).toBe("Nov 20, 2026, 09:05:42 UTC");
    expect(formatDate(new Date("2026-01-01T23:59:00-05:00"))).toBe("Jan 2, 2026");
    expect(formatDayShort(Date.parse(moment))).toBe("Nov 20");
    expect(formatMonth(moment)).toBe("Nov 2026");
    expect(isoDay(moment)).toBe("2026-11-20");
  });

  it("shows a dash for a missing or invalid date", () => {
    expect(formatDate(undefined)).toBe("—");
    expect(formatDateTime(null)).toBe("—");
    expect(formatTimestamp("not a date")).toBe("—");
  });

  it("writes relative times against the given now", () => {
    const now = "2026-11-20T12:00:00.000Z";
    expect(formatRelative("2026-11-20T11:59:30.000Z", now)).toBe("just now");
    expect(formatRelative("2026-11-20T11:55:00.000Z", now)).toBe("5 min ago");
    expect(formatRelative("2026-11-20T09:00:00.000Z", now)).toBe("3 h ago");
    expect(formatRelative("2026-11-18T11:00:00.000Z", now)).toBe("2 d ago");
    expect(formatRelative("2026-11-20T16:00:00.000Z", now)).toBe("in 4 h");
    expect(formatRelative("2026-09-01T00:00:00.000Z", now)).toBe("Sep 1, 2026");
  });

  it("writes durations with a unit fitting their size", () => {
    expect(formatDuration(0.0841)).toBe("0.084 ms");
    expect(formatDuration(3.21)).toBe("3.2 ms");
    expect(formatDuration(1450)).toBe("1.45 s");
    expect(formatDuration(59_999)).toBe("1 min 0 s");
    expect(formatDuration(125_000)).toBe("2 min 5 s");
    expect(formatDuration(4_320_000)).toBe("1 h 12 min");
    expect(formatMs(1234.4)).toBe("1,234 ms");
  });
});

describe("token amounts", () => {
  it("rounds to six significant digits, keeps every whole unit, groups them and drops trailing zeros", () => {
    expect(formatTokenAmount("1234.500000000000000001")).toBe("1,234.5");
    expect(formatTokenAmount("0.000012345678901234")).toBe("0.0000123457");
    expect(formatTokenAmount("12345678.987654321")).toBe("12,345,679");
    expect(formatTokenAmount("1.999999999999999999")).toBe("2");
    expect(formatTokenAmount("0.1")).toBe("0.1");
    expect(formatTokenAmount("42")).toBe("42");
    expect(formatTokenAmount("0")).toBe("0");
    expect(formatTokenAmount("-3.14159265")).toBe("-3.14159");
    expect(formatTokenAmount("-0.0000000000000000001")).toBe("-0.0000000000000000001");
  });

  it("is exact past what a float holds, and leaves what is not a decimal string as it is", () => {
    expect(formatTokenAmount("123456789012345678901234567890.5")).toBe("123,456,789,012,345,678,901,234,567,891");
    expect(formatTokenAmount("0.123456789", 3)).toBe("0.123");
    expect(formatTokenAmount("1e18")).toBe("1e18");
    expect(formatTokenAmount("")).toBe("");
  });
});
