import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const prismaClientImports = {
  paths: [{ name: "@prisma/client", message: "Only lib/** talks to the database: import a domain function from lib/<area>." }],
  patterns: [
    { group: ["**/lib/db/generated/**", "@/lib/db/generated/**"], message: "Only lib/** imports the Prisma client." },
    { group: ["**/lib/db", "@/lib/db", "**/lib/db/index", "@/lib/db/*", "**/lib/db/*"], message: "Only lib/** imports the Prisma client: call a domain function from lib/<area>." },
  ],
};

// The layers (ARCHITECTURE.md): app → components → lib/<area> → lib/core. Each rule below keeps one
// of its edges pointing the right way.
const prismaPatterns = prismaClientImports.patterns;

// Files a browser bundle may contain: schemas and status machines (pure), the API client, the formatters, the SVG
// histogram geometry, the role ranks, the same-origin redirect rule and the event stream's query (its known types).
// Everything else under lib/ is server code.
const clientSurface = {
  regex: "^@/lib/(?!client/|format$|[^/]+/schemas$|[^/]+/status-machine$|quantum/histogram/svg$|auth/roles$|auth/redirect$|events/stream-schemas$|core/text$)",
  allowTypeImports: true,
  message: "Client code imports an area only through its client-safe files (schemas, status-machine, lib/client); call the API or pass data from a server page.",
};

const httpLayer = {
  group: ["**/http", "**/http/*", "@/lib/http", "@/lib/http/*"],
  message: "Areas stay free of HTTP: throw AppError and declare operations with lib/core; only app/ and lib/http speak HTTP.",
};

const apiTable = {
  group: ["**/api", "**/api/*", "@/lib/api", "@/lib/api/*"],
  message: "lib/api (the API table and the production server's router) sits on top: app/ and instrumentation.ts import it, nothing under lib/ does.",
};

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", ".next-*/**", ".next-e2e.lock/**", "tests/wallet/contracts/**", "node_modules/**", "lib/db/generated/**", ".data/**", ".cache/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  // Only lib/** (and the scripts, seed and tests that set databases up) may reach the Prisma client.
  {
    files: ["app/**", "components/**", "e2e/**"],
    rules: { "no-restricted-imports": ["error", prismaClientImports] },
  },
  // Components (and client pages) reach an area only through the files meant for the client.
  {
    files: ["components/**", "app/**/error.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: prismaClientImports.paths, patterns: [...prismaPatterns, clientSurface] }] },
  },
  // Areas may not import the HTTP layer; nothing under lib/ imports the API table above it.
  {
    files: ["lib/**/*.ts"],
    ignores: ["lib/http/**", "lib/core/**", "lib/api/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [httpLayer, apiTable] }] },
  },
  {
    files: ["lib/http/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [apiTable] }] },
  },
  // The core is the bottom layer: no area, no database, no HTTP (its tests may use the areas).
  {
    files: ["lib/core/**/*.ts"],
    ignores: ["lib/core/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../**", "@/**"], message: "lib/core imports nothing from the areas, lib/db or lib/http: it is the layer they all build on." }] },
      ],
    },
  },
  // Not React: test helpers and scripts may name functions use…(); tests may type loose JSON as any.
  {
    files: ["lib/**/*.ts", "tests/**", "e2e/**", "scripts/**", "prisma/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  { files: ["tests/**", "e2e/**", "**/*.test.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  { rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }] } },
];

export default config;
