// The security headers on every response: one module, which the production server's API router
// applies too (lib/api/router.ts).
import { HEADER_RULES } from "./lib/server/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The browser tests build into a folder of their own, so that parallel runs never share one.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  headers: async () => HEADER_RULES,
  // Database drivers, the WASM PostgreSQL and the API router's compression middleware stay out of
  // the bundle and load from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg", "piscina", "compression"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default nextConfig;
