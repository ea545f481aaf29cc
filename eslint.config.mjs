import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const prismaClientImports = {
  paths: [{ name: "@prisma/client", message: "Only lib/** talks to the database: import a domain function from lib/<area>." }],
  patterns: [
    { group: ["**/lib/db/generated/**", "@/lib/db/generated/**"], message: "Only lib/** imports the Prisma client." },
    { group: ["**/lib/db", "@/lib/db", "**/lib/db/index", "@/lib/db/*", "**/lib/db/*"], message: "Only lib/** imports the Prisma client: call a domain function from lib/<area>." },
  ],
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
  // Not React: test helpers and scripts may name functions use…(); tests may type loose JSON as any.
  {
    files: ["lib/**/*.ts", "tests/**", "e2e/**", "scripts/**", "prisma/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  { files: ["tests/**", "e2e/**", "**/*.test.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  { rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }] } },
];

export default config;
