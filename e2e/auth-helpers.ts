// Helpers for the marketplace, deployment and task specs (signing in is e2e/auth.ts).
import type { APIRequestContext, Page } from "@playwright/test";

/**
 * Writes through the API with the signed-in session. The API refuses cookie-authenticated
 * writes without a same-origin Origin header (CSRF), which a browser would send.
 */
export const apiWrite = async (request: APIRequestContext, baseURL: string, method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, data?: unknown) =>
  request.fetch(path, { method, data, headers: { origin: new URL(baseURL).origin } });

/**
 * The app ships no favicon yet, so Chromium's automatic /favicon.ico request is a 404 that the
 * console-error fixture would count against whichever page happened to be open. Answer it here.
 */
export const answerFavicon = (page: Page) => page.route("**/favicon.ico", (route) => route.fulfill({ status: 204, body: "" }));

/** Drops the console lines Chromium writes for API answers a test provokes on purpose (e.g. a 409). */
export const forgiveStatus = (consoleErrors: string[], status: number) => {
  const kept = consoleErrors.filter((line) => !line.includes(`status of ${status}`));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
};
