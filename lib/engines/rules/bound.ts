// What goes back to the model from a tool (docs/agents.md, "Tools"): at most a bounded number of
// bytes of the answer's JSON, cut at a character boundary, with a note that it was cut, so one
// large answer cannot fill the context or the bill.
export type Bounded = { text: string; truncated: boolean; bytes: number };

export const boundText = (text: string, maxBytes: number): Bounded => {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes <= maxBytes) return { text, truncated: false, bytes };
  // Cut at a UTF-8 boundary: decoding a cut multi-byte character would add a replacement mark.
  let cut = Buffer.from(text, "utf8").subarray(0, maxBytes).toString("utf8");
  if (cut.endsWith("\uFFFD")) cut = cut.slice(0, -1);
  return { text: `${cut}\n… [cut: the answer has ${bytes} bytes, ${maxBytes} shown; ask for less, e.g. a smaller page]`, truncated: true, bytes };
};
