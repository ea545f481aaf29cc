// A wide circuit's results read on the first screen: 10 and 16 qubits in equal superposition give
// hundreds of outcomes. The histogram has a bar per outcome only (the most probable dozen), the
// outcomes without a bar are a note, every label is whole, the chart is within the first 900 px of a
// 1440×900 window beside the program, and the counts are paged.
import { signIn } from "./auth";
import { expectAccessible } from "./axe";
import { test, expect, type Page } from "./fixtures";
import { overflowing } from "./settle";

const quietFavicon = (page: Page) => page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));

const uniform = (qubits: number) => `OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg q[${qubits}];\ncreg c[${qubits}];\nh q;\nmeasure q -> c;\n`;

// Where an element is in the document (not the window), and whether each text of the chart's axes lies inside the chart.
const documentBox = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, left: box.left, right: box.right };
  });

const runUniform = async (page: Page, qubits: number) => {
  await quietFavicon(page);
  await signIn(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/quantum/circuit");
  await expect(page.getByRole("heading", { level: 1, name: "Run a circuit" })).toBeVisible();
  // Hydrated first: a fill while React takes over the program's box can land after the example instead of replacing it.
  await expect(page.getByRole("button", { name: "Run circuit" })).toBeEnabled();
  await page.getByLabel("OpenQASM 2.0 or 3 program").fill(uniform(qubits));
  await page.getByLabel("Seed", { exact: true }).fill("11");
  await page.getByRole("button", { name: "Run circuit" }).click();
  // The keyboard's focus goes to the results.
  await expect(page.getByRole("heading", { level: 2, name: "Results" })).toBeFocused();
  await expect(page.getByTestId("circuit-stats")).toContainText(`Qubits${qubits}`);
};

const expectReadableHistogram = async (page: Page, qubits: number) => {
  const chart = page.getByTestId("distribution-chart");
  const bars = chart.locator(".recharts-bar-rectangle");
  // Only outcomes have bars: the dozen most probable, each labelled with its whole bitstring (no "rest" bar).
  await expect(bars).toHaveCount(12);
  const labels = chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value");
  await expect(labels).toHaveCount(12);
  for (const text of await labels.allTextContents()) expect(text).toMatch(new RegExp(`^[01]{${qubits}}$`));
  await expect(chart.getByText(/rest/)).toHaveCount(0);

  // The outcomes without a bar are the note: how many, and their share in %.
  const outcomes = Number((await page.getByTestId("circuit-stats").locator(".stat", { hasText: "Outcomes" }).locator(".stat-value").innerText()).replace(/,/g, ""));
  expect(outcomes).toBeGreaterThan(12);
  const note = page.getByTestId("distribution-note");
  await expect(note).toHaveText(new RegExp(`^${(outcomes - 12).toLocaleString("en-US")} more outcomes, \\d+\\.\\d% in all$`));
  const share = Number(/, (\d+\.\d)% in all$/.exec(await note.innerText())![1]);
  expect(share).toBeGreaterThan(50);
  expect(share).toBeLessThan(100);

  // Every axis label is whole: inside the chart's drawing, none cut at an edge.
  const cut = await chart.evaluate((element) => {
    const frame = element.querySelector("svg.recharts-surface")!.getBoundingClientRect();
    return [...element.querySelectorAll(".recharts-cartesian-axis-tick-value")]
      .map((text) => ({ text: text.textContent, box: text.getBoundingClientRect() }))
      .filter(({ box }) => box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1)
      .map(({ text, box }) => `${text} at ${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)}`);
  });
  expect(cut).toEqual([]);

  // On the first screen of 1440×900, beside the program: the chart, its first bar and its labels.
  const chartBox = await documentBox(page, '[data-testid="distribution-chart"]');
  const firstBar = await documentBox(page, '[data-testid="distribution-chart"] .recharts-bar-rectangle');
  const program = await documentBox(page, "#qasm");
  expect(chartBox.bottom).toBeLessThanOrEqual(900);
  expect(firstBar.bottom).toBeLessThanOrEqual(900);
  expect(chartBox.left).toBeGreaterThan(program.right);
  // The most probable first: the first bar is the tallest.
  const heights = await bars.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
  expect(heights[0]).toBe(Math.max(...heights));
};

const expectPagedCounts = async (page: Page) => {
  const counts = page.getByRole("region", { name: "Counts" });
  const rows = counts.locator("tbody tr");
  await expect(rows).toHaveCount(20);
  const pager = page.getByTestId("counts-pager");
  await expect(pager).toContainText(/^Previous\s*Page 1 of \d+ · 1–20 of [\d,]+\s*Next$/);
  // Most frequent first.
  const firstPage = (await rows.locator("td:nth-child(2)").allTextContents()).map(Number);
  expect(firstPage).toEqual([...firstPage].sort((a, b) => b - a));
  const firstBits = await rows.first().locator("td").first().innerText();
  // By keyboard: Next shows the next page, Previous the first again.
  const next = page.getByRole("button", { name: "Next page of Counts" });
  await next.focus();
  await page.keyboard.press("Enter");
  await expect(pager).toContainText(/Page 2 of \d+ · 21–40 of/);
  await expect(rows).toHaveCount(20);
  await expect(rows.first().locator("td").first()).not.toHaveText(firstBits);
  const secondPage = (await rows.locator("td:nth-child(2)").allTextContents()).map(Number);
  expect(Math.max(...secondPage)).toBeLessThanOrEqual(Math.min(...firstPage));
  await page.getByRole("button", { name: "Previous page of Counts" }).click();
  await expect(pager).toContainText(/Page 1 of \d+ · 1–20 of/);
  await expect(rows.first().locator("td").first()).toHaveText(firstBits);
};

test("a 10-qubit run: twelve outcome bars, a note for the rest, whole labels, beside the program, counts paged", async ({ page }) => {
  await runUniform(page, 10);
  await expectReadableHistogram(page, 10);
  await expectPagedCounts(page);

  // The chart's figures are paged the same way, most probable first.
  await page.locator("figure", { has: page.getByTestId("distribution-chart") }).getByText("Show the figures", { exact: true }).click();
  const figures = page.getByRole("region", { name: "Distribution figures" });
  await expect(figures.locator("tbody tr")).toHaveCount(20);
  const pages = page.getByRole("group", { name: "Pages of Distribution figures" });
  await expect(pages).toContainText("Page 1 of");
  await page.getByRole("button", { name: "Next page of Distribution figures" }).click();
  await expect(pages).toContainText("Page 2 of");
  await expect(figures.locator("tbody tr")).toHaveCount(20);
});

test("a 16-qubit run reads on the first screen, and at phone width without sideways scrolling", async ({ page }) => {
  await runUniform(page, 16);
  await expectReadableHistogram(page, 16);
  await expectPagedCounts(page);
  await expectAccessible(page, "the circuit page with a 16-qubit result");

  // At 375 px: one column, the results under the program's card, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => overflowing(page)).toEqual([]);
  const program = await documentBox(page, "#qasm");
  const results = await documentBox(page, "#circuit-results-title");
  const diagram = await documentBox(page, 'h2:text-is("Circuit diagram")');
  expect(results.top).toBeGreaterThan(program.bottom);
  expect(results.top).toBeLessThan(diagram.top);
  await expect(page.getByTestId("distribution-chart").locator(".recharts-bar-rectangle")).toHaveCount(12);
});
