/** @type {import('next').NextConfig} */
const nextConfig = {
  // Database drivers and the WASM PostgreSQL stay out of the bundle and load from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default nextConfig;
