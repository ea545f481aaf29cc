import { describe, expect, it } from "vitest";
import { csvCell, transactionsCsv } from "./format-transactions-csv";

describe("transactions CSV", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('a,"b"\nc')).toBe('"a,""b""\nc"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  });

  it("writes a header and one CRLF-terminated line per transfer", () => {
    const csv = transactionsCsv([]);
    expect(csv).toBe("timestamp,chain,blockNumber,txHash,logIndex,direction,from,to,counterparty,counterpartyLabel,kind,tokenAddress,symbol,tokenId,amount,units,valueUsd,uncommon,flags\r\n");
  });
});
