// An admin configures an engine in Settings → Engines: adds one (its key is sealed and only its last
// characters shown), tests its connection (nothing listens at 127.0.0.1:9, so the test fails and says
// why), changes its price (an empty key field keeps the key) and deletes it.
import { test, expect } from "./fixtures";
import { signIn } from "./auth";
import { answerFavicon } from "./auth-helpers";

test("an admin adds an engine, tests it, changes its price and deletes it; the key is never shown", async ({ page }) => {
  // The connection test may retry against the closed port with back-off before it gives up.
  test.setTimeout(120_000);
  const name = `e2e-engine-${Date.now()}`;
  const key = `sk-e2e-${Date.now()}-wxyz`;
  await answerFavicon(page);
  await signIn(page, "admin");
  await page.goto("/settings");
  await page.getByRole("link", { name: "Engines" }).click();
  await expect(page.getByRole("heading", { name: "Engines", level: 1 })).toBeVisible();
  await expect(page.getByText("An OpenAI-compatible chat-completions endpoint.")).toBeVisible();

  const form = page.getByRole("form", { name: "Add engine" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Model").fill("e2e-model");
  await form.getByLabel("Base URL").fill("http://127.0.0.1:9/v1");
  await form.getByLabel("API key").fill(key);
  await form.getByLabel("Input", { exact: true }).fill("0.15");
  await form.getByLabel("Output", { exact: true }).fill("0.6");
  await form.getByRole("button", { name: "Add engine" }).click();

  const engine = page.getByTestId("engine").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(engine).toBeVisible();
  await expect(engine.getByTestId("engine-key")).toHaveText("•••• wxyz");
  await expect(engine.getByTestId("engine-prices")).toHaveText("$0.15 input · $0.60 output");
  await expect(engine).toContainText("defaults");
  await expect(engine.getByTestId("engine-test")).toHaveText("never tested");
  await expect(form.getByLabel("API key")).toHaveValue("");
  expect(await page.content()).not.toContain(key);

  // Nothing listens on port 9: the test fails, and says so with its time.
  await engine.getByRole("button", { name: "Test connection" }).click();
  const outcome = engine.getByTestId("engine-test");
  await expect(outcome.getByText("failed", { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(outcome.locator("time")).toBeVisible();
  await expect(outcome.locator(".muted")).not.toHaveText("");

  // Read again, the engine keeps its last test and still shows only the key's end.
  await page.reload();
  await expect(engine.getByTestId("engine-test").getByText("failed", { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // A new price; the key field left empty keeps the key.
  await engine.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("form", { name: `Edit engine ${name}` });
  await expect(edit.getByLabel("API key")).toHaveValue("");
  await edit.getByLabel("Input", { exact: true }).fill("0.25");
  await edit.getByRole("button", { name: "Save engine" }).click();
  await expect(edit).toHaveCount(0);
  await expect(engine.getByTestId("engine-prices")).toHaveText("$0.25 input · $0.60 output");
  await expect(engine.getByTestId("engine-key")).toHaveText("•••• wxyz");

  await engine.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(engine).toHaveCount(0);
});
