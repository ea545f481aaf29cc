// Prisma CLI configuration. Only `prisma generate` is used on these machines (the CLI's schema
// engine cannot be downloaded here); migrations are applied by lib/db/migrate.ts.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
