// Number helpers of the metrics engine: raw token units to decimals, and largest-remainder
// rounding so that rounded parts add up exactly to a rounded whole.

/** A raw integer amount as a decimal number of tokens (exact to about 15 significant digits). */
export const toUnits = (raw: bigint, decimals: number): number => {
  if (decimals <= 0) return Number(raw);
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, "0");
  const text = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return (negative ? -1 : 1) * Number(text);
};

/**
 * Rounds to cents (2 decimals), half away from zero, on the decimal value a person would write:
 * 1.005 → 1.01 (binary floating point stores 1.005 × 100 as 100.4999…, hence toPrecision(15)).
 */
export const roundCents = (value: number): number => (Math.sign(value) * Math.round(Number((Math.abs(value) * 100).toPrecision(15)))) / 100;

/**
 * Splits `total` whole units among `weights` in proportion (largest-remainder method): each
 * part is its floor, and the units left over go one each to the largest remainders (ties: the
 * earlier weight). The parts always sum to `total`. All-zero weights give all-zero parts.
 */
export const apportion = (weights: readonly number[], total: number): number[] => {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (weight / sum) * total);
  const parts = exact.map((value) => Math.floor(value + 1e-9));
  let left = total - parts.reduce((acc, part) => acc + part, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - parts[index] })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts;
};
