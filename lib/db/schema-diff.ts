// Development-time schema diffing through Prisma's WebAssembly schema engine (the CLI's native
// engine cannot be downloaded on these machines). Used to write new migrations and to detect
// drift between prisma/schema.prisma and prisma/migrations. Never loaded by the running app.
import { mkdirSync, readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { createRequire } from "node:module";
import * as engineGlue from "@prisma/schema-engine-wasm/schema_engine_bg";

export const PRISMA_DIR = path.resolve(import.meta.dirname, "../../prisma");
export const SCHEMA_PATH = path.join(PRISMA_DIR, "schema.prisma");
export const MIGRATIONS_DIR = path.join(PRISMA_DIR, "migrations");

// The package imports its .wasm as an ES module, which Node 20 cannot do: instantiate it here.
let engineReady: Promise<typeof engineGlue.SchemaEngine> | undefined;
const loadEngine = () =>
  (engineReady ??= (async () => {
    const glue = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmPath = path.join(path.dirname(glue), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
      "./schema_engine_bg.js": engineGlue as unknown as WebAssembly.ModuleImports,
    });
    engineGlue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return engineGlue.SchemaEngine;
  })());

const NO_FILTERS = { externalTables: [], externalEnums: [] };

const listMigrations = (baseDir: string) => {
  const dirs = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(baseDir, "migration_lock.toml");
  return {
    baseDir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok" as const, value: readFileSync(path.join(baseDir, name, "migration.sql"), "utf8") },
      },
    })),
  };
};

/**
 * The SQL that takes a database built from the committed migrations to what `schema` describes.
 * An empty string means the two agree.
 */
export const diffMigrationsToSchema = async (
  schema = readFileSync(SCHEMA_PATH, "utf8"),
  migrationsDir = MIGRATIONS_DIR,
): Promise<string> => {
  // The engine replays the migrations on a shadow database: a throwaway in-memory PGlite.
  const shadow = new PGlite();
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(shadow));
  const SchemaEngine = await loadEngine();
  const engine = await SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, adapter);
  try {
    const result = await engine.diff({
      from: { tag: "migrations", ...listMigrations(migrationsDir) },
      to: { tag: "schemaDatamodel", files: [{ path: SCHEMA_PATH, content: schema }] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    const sql = (result.stdout ?? "").trim();
    return sql === "-- This is an empty migration." ? "" : sql;
  } finally {
    engine.free();
    await shadow.close();
  }
};

export const ensureMigrationsDir = (dir = MIGRATIONS_DIR) => mkdirSync(dir, { recursive: true });
