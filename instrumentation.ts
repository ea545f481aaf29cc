// Runs once when the server starts, before it serves a request: migrate the database, seed an
// empty embedded database with demo data, make sure an admin exists. When the database cannot be
// reached yet, the server starts anyway (503 problems, readiness false) and keeps trying in the
// background until it can (lib/health/retry-startup.ts). Also registers what graceful shutdown closes
// (server.mjs calls it after the last in-flight request). Starts the background job worker, and the
// socket `npm run apikey` uses while the app holds the embedded database.
// Publishes the loader of the production server's API router (lib/api/router.ts).
export const register = async () => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Published before anything is awaited: server.mjs looks for it as soon as `app.prepare()` has
  // resolved, which need not wait for the rest of this function (next dev never loads it). Loaded
  // from this bundle, the router shares its module instances with the job worker and the shutdown
  // hooks below.
  (globalThis as { __syndicateRouter?: () => Promise<typeof import("./lib/api/router")> }).__syndicateRouter = () => import("./lib/api/router");
  // Then the event catalog, subscribers, guards and job kinds the areas register (lib/startup/register.ts).
  (await import("./lib/startup/register")).registerApp();
  // The API table, which hands hosted agents their tools as it loads (lib/api/tools.ts).
  await import("./lib/api/table");
  const { prepareApp } = await import("./lib/startup");
  const { prepareWithRetry } = await import("./lib/health/retry-startup");
  const { closeDatabase } = await import("./lib/db");
  const { closeSimulationPool } = await import("./lib/quantum/pool");
  const { closeRateLimiter } = await import("./lib/http/rate-limit");
  const { startJobWorker, stopJobWorker } = await import("./lib/startup/jobs");
  const { closeEventStreams } = await import("./lib/events/stream");
  const { endClaimWaits } = await import("./lib/runs");
  const { serveKeyCommands } = await import("./lib/auth/run-key-commands");
  let closeKeyCommands: (() => Promise<void>) | undefined;
  // Called first at shutdown (server.mjs): long-lived responses end, so that they do not hold the
  // server open until the in-flight bound; event-stream clients reconnect and resume elsewhere, and
  // agents waiting for work (a claim's long poll) are answered "nothing yet" and ask again elsewhere.
  (globalThis as { __syndicateDrain?: () => void }).__syndicateDrain = () => {
    closeEventStreams();
    endClaimWaits();
  };
  (globalThis as { __syndicateShutdown?: () => Promise<void> }).__syndicateShutdown = async () => {
    // Running jobs finish (or go back to the queue) while the pool and the database still work.
    await stopJobWorker().catch((error) => console.error("jobs: stopping the worker failed:", error));
    await Promise.allSettled([closeSimulationPool(), closeRateLimiter(), closeKeyCommands?.()]);
    await closeDatabase();
  };
  // The job worker starts once the database is ready (also when that takes retries).
  await prepareWithRetry(async () => {
    await prepareApp();
    startJobWorker();
    // `npm run apikey` beside the running app, on the embedded database (lib/auth/run-key-commands.ts).
    closeKeyCommands = await serveKeyCommands();
  });
};
