// Numbers, money, percentages, sizes and risk scores, written the same way on every page. Fixed en-US
// locale and no clock or environment input, so the server's HTML and the browser's hydration agree.

const MISSING = "—";

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const decimals = new Map<number, Intl.NumberFormat>();
const fixed = (digits: number) => {
  let format = decimals.get(digits);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    decimals.set(digits, format);
  }
  return format;
};
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Turns -0 (e.g. from rounding -0.01) into 0, so nothing shows "-0". */
const clean = (value: number) => (Object.is(value, -0) ? 0 : value);

/** A whole number with grouping: "12,345". Fractions are rounded. */
export const formatInteger = (value: number) => integer.format(clean(Math.round(value)) || 0);

/**
 * A token amount given as a decimal string of its units ("1234.500000000000000001", 18 decimals and
 * more than a float holds), rounded half up to `significant` significant digits but never dropping
 * whole units, with grouping and no trailing zeros: "1,234.5", "0.00001235", "12,345,678". Exact in
 * decimal (BigInt), whatever the size. A value that is not a decimal string is returned as given.
 */
export const formatTokenAmount = (units: string, significant = 6): string => {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(units.trim());
  if (!match) return units;
  const [, sign, whole, fraction = ""] = match;
  const wholeDigits = whole.replace(/^0+/, "").length;
  const leadingZeros = wholeDigits > 0 ? 0 : (/^0*/.exec(fraction)?.[0].length ?? 0);
  // Decimals kept: what the significant digits leave after the whole part (none when it uses them up).
  const keep = Math.min(fraction.length, wholeDigits > 0 ? Math.max(0, significant - wholeDigits) : leadingZeros + significant);
  const scaled = BigInt(whole + fraction);
  const drop = BigInt(fraction.length - keep);
  const divisor = 10n ** drop;
  const rounded = drop > 0n ? (scaled + divisor / 2n) / divisor : scaled;
  const unit = 10n ** BigInt(keep);
  const wholePart = (rounded / unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const decimals = keep > 0 ? (rounded % unit).toString().padStart(keep, "0").replace(/0+$/, "") : "";
  const text = decimals ? `${wholePart}.${decimals}` : wholePart;
  return sign && rounded !== 0n ? `-${text}` : text;
};

/** A decimal with grouping and a fixed number of digits (default 1): "1,234.5". */
export const formatDecimal = (value: number, digits = 1) => fixed(digits).format(clean(Number(value.toFixed(digits))));

/** A value that may be missing, with an optional unit: "12.5 s", "—". */
export const formatMeasure = (value: number | null | undefined, unit = "", digits = 1) =>
  value === null || value === undefined || !Number.isFinite(value) ? MISSING : `${Number.isInteger(value) ? formatInteger(value) : formatDecimal(value, digits)}${unit}`;

/** US dollars, always with cents: "$1,234.50", "$0.00", "-$3.10". */
export const formatUsd = (value: number) => usd.format(clean(Number(value.toFixed(2))));

/**
 * What an agent's work cost (a run, a step): money with cents like formatUsd, except that an amount
 * below one cent keeps four decimals ("$0.0035"), since a step of a language model costs fractions of
 * a cent; below $0.0001 it reads "<$0.0001". Zero is "$0.00".
 */
export const formatCost = (value: number) => {
  const size = Math.abs(value);
  if (size === 0 || size >= 0.005) return formatUsd(value);
  if (size < 0.00005) return `${value < 0 ? "-" : ""}<$0.0001`;
  return `${value < 0 ? "-" : ""}$${size.toFixed(4)}`;
};

/** A marketplace price: the only place a price of 0 reads "Free"; every other amount is formatUsd. */
export const formatPrice = (value: number) => (value === 0 ? "Free" : formatUsd(value));

/**
 * A percentage given as 0–100, always one decimal, no space and no grouping: "12.3%", "0.0%",
 * "100.0%", "1234.5%" (the API's string fields use the same shape, "-?digits.digit%").
 */
export const formatPercent = (percent: number) => `${clean(Number(percent.toFixed(1))).toFixed(1)}%`;

/** A share given as 0–1, as a percentage: 0.123 → "12.3%". */
export const formatShare = (ratio: number) => formatPercent(ratio * 100);

/**
 * A probability 0–1 as people read it, a percentage: 0.796 → "79.6%"; below 0.1% two significant
 * digits, so a small outcome is not shown as nothing: 0.0000038 → "0.00038%"; 0 → "0%".
 */
export const formatChance = (p: number) => {
  if (p === 0) return "0%";
  if (p >= 0.001) return formatShare(p);
  const percent = p * 100;
  return `${percent.toFixed(Math.min(20, 1 - Math.floor(Math.log10(percent))))}%`;
};

/** A probability 0–1 with three decimals, as the API's analysis texts write it: "0.125". */
export const formatProbability = (p: number) => p.toFixed(3);

const COMPACT_UNITS = [
  { size: 1e12, suffix: "T" },
  { size: 1e9, suffix: "B" },
  { size: 1e6, suffix: "M" },
  { size: 1e3, suffix: "k" },
] as const;

/** A short count for tight spaces: 950 → "950", 12_345 → "12.3k", 1_500_000 → "1.5M", 2_000 → "2k". */
export const formatCompact = (value: number): string => {
  const sign = value < 0 ? "-" : "";
  const size = Math.abs(value);
  for (const [index, unit] of COMPACT_UNITS.entries()) {
    if (size < unit.size) continue;
    const scaled = Math.round((size / unit.size) * 10) / 10;
    // 999_950 rounds to "1000k": promote it to the next larger unit.
    if (scaled >= 1000 && index > 0) return `${sign}1${COMPACT_UNITS[index - 1].suffix}`;
    return `${sign}${scaled.toFixed(1).replace(/\.0$/, "")}${unit.suffix}`;
  }
  return `${sign}${formatInteger(size)}`;
};

const BYTE_UNITS = ["KB", "MB", "GB", "TB"] as const;

/** A byte size in powers of 1024: "512 B", "1.5 KB", "12.0 MB". */
export const formatBytes = (bytes: number) => {
  if (Math.abs(bytes) < 1024) return `${formatInteger(bytes)} B`;
  let size = bytes / 1024;
  let unit = 0;
  while (Math.abs(size) >= 1024 && unit < BYTE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${formatDecimal(size, 1)} ${BYTE_UNITS[unit]}`;
};

/** A risk 0–1 as a score out of 100: 0.234 → "23.4/100". (Which level a risk is, is the analyses' rule: lib/quantum/analyses/rules/risk.ts.) */
export const formatRiskScore = (risk: number) => `${(risk * 100).toFixed(1)}/100`;

/** A rating out of 5: "4.5 / 5". */
export const formatRating = (rating: number) => `${rating.toFixed(1)} / 5`;

/** A wallet or contract address shortened to its ends: "0x1234…abcd" (short ones stay whole). */
export const formatAddress = (address: string) => (address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

/** An enum value in words: "in_progress" → "in progress". */
export const formatStatus = (status: string) => status.replace(/_/g, " ");
