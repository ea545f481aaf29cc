// The deterministic demo seed (seed-database.ts): the same options give the same rows on every machine.
export { seedDatabase, DEFAULT_AGENTS, DEFAULT_SEED, DEFAULT_EPOCH, MIN_AGENTS, MAX_AGENTS, type SeedOptions } from "./seed-database";
export { ADMIN_USER_ID, OPERATOR_USER_ID, VIEWER_USER_ID, OPERATOR_EMAIL, VIEWER_EMAIL } from "./seed-users";
export { dominantRole } from "./seed-agents";
export { demoWalletAddresses } from "./seed-wallets";
