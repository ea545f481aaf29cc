// Health: liveness, readiness and the original /api/health (check-health.ts), and the start-up
// that keeps retrying until the app is ready (retry-startup.ts).
export { healthOperation, livenessOperation, readinessOperation } from "./operations";
export { checkHealth, checkLiveness, checkReadiness, type RedisHealth } from "./check-health";
export { prepareWithRetry, startupState, resetStartupState, whenStartupRetriesEnd, type StartupState } from "./retry-startup";
