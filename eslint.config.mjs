import fs from "node:fs";
import path from "node:path";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const prismaClientImports = {
  paths: [{ name: "@prisma/client", message: "Only lib/** talks to the database: import a domain function from lib/<area>." }],
  patterns: [
    { group: ["**/lib/db/generated/**", "@/lib/db/generated/**"], message: "Only lib/** imports the Prisma client." },
    { group: ["**/lib/db", "@/lib/db", "**/lib/db/index", "@/lib/db/*", "**/lib/db/*"], message: "Only lib/** imports the Prisma client: call a domain function from lib/<area>." },
  ],
};

// The simulator engine: a library of its own beside the areas (the quantum area runs it) that imports
// nothing of the app, only its own files and node: builtins (layers/engine-self-contained). It is the
// bottom of the layers, in layers of its own (memory, passes, kernels, threads, run, then its
// surface, index.ts), so that lib/core may use it.
const ENGINE = "lib/simulator";

// The layers (ARCHITECTURE.md), bottom to top. A file may import its own layer and the layers below,
// never one above (layers/no-upward-import). Files outside every layer (tests, scripts, e2e, the
// configs) are not checked by it.
const LAYERS = [
  { name: "engine's memory (and its errors)", paths: [`${ENGINE}/errors`, `${ENGINE}/memory`] },
  { name: "engine's passes", paths: [`${ENGINE}/passes`] },
  { name: "engine's kernels", paths: [`${ENGINE}/kernels`] },
  { name: "engine's threads", paths: [`${ENGINE}/threads`] },
  { name: "engine's run", paths: [`${ENGINE}/run`] },
  { name: "engine's surface", paths: [ENGINE] },
  { name: "base (lib/core, lib/config, lib/format, lib/client)", paths: ["lib/core", "lib/config", "lib/format", "lib/client"] },
  { name: "database (lib/db)", paths: ["lib/db"] },
  { name: "outbox and job engine (lib/outbox, lib/jobs)", paths: ["lib/outbox", "lib/jobs"] },
  { name: "areas", paths: [] /* AREAS, below */ },
  { name: "event log (lib/events)", paths: ["lib/events"] },
  { name: "HTTP (lib/http)", paths: ["lib/http"] },
  { name: "startup and route table (lib/startup, lib/api)", paths: ["lib/startup", "lib/api"] },
  { name: "application (app, components, instrumentation.ts, proxy.ts)", paths: ["app", "components", "instrumentation", "proxy"] },
];

// The areas, in an order in which each imports only areas before it (so no two areas form a
// circle), and another area only through its index.ts, schemas.ts or examples.ts. A new area goes after the
// areas it uses.
const AREAS = ["auth", "agents", "groups", "squads", "syndicates", "marketplace", "deployments", "tasks", "runs", "engines", "usecases", "wallet", "quantum", "search", "overview", "webhooks", "health", "seed"];
const AREA_LAYER = LAYERS.findIndex((layer) => layer.name === "areas");
// The simulator engine and the base layer are pure computation and vocabulary: a rules file may use them.
const BASE_LAYER = LAYERS.findIndex((layer) => layer.name.startsWith("base"));
LAYERS[AREA_LAYER].paths = AREAS.map((area) => `lib/${area}`);
const AREA_ENTRIES = new Set(["", "index", "schemas", "examples"]);

const ROOT = import.meta.dirname;

/** The project path of an import (no extension), or undefined for a package. */
const targetOf = (file, source) => {
  let absolute;
  if (source.startsWith("@/")) absolute = path.join(ROOT, source.slice(2));
  else if (source.startsWith(".")) absolute = path.resolve(path.dirname(file), source);
  else return undefined;
  return path.relative(ROOT, absolute).split(path.sep).join("/").replace(/\.(d\.)?[mc]?[jt]sx?$/, "").replace(/\/index$/, "");
};

/** The layer rank of a project path (without extension), or -1 outside every layer. */
const rankOf = (relative) => LAYERS.findIndex((layer) => layer.paths.some((root) => relative === root || relative.startsWith(`${root}/`)));

const areaOf = (relative) => {
  const [top, area] = relative.split("/");
  return top === "lib" && AREAS.includes(area) ? area : undefined;
};

// The import graph of the layered files, read once per ESLint process with a plain scan of their
// import lines (a few hundred files: tens of milliseconds, where import/no-cycle parsed every file
// it followed and took half of the whole lint's time). Type-only imports count: they tie files too.
// The file being linted is judged by its text as linted (its AST), the others as they are on disk.
const SCANNED = ["lib", "app", "components", "instrumentation.ts", "proxy.ts"];
const SKIPPED = /(^|\/)(node_modules|generated)(\/|$)|\.test\.tsx?$|\.d\.[mc]?ts$/;
const EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js"];
// import … from "x", export … from "x", import "x", import("x").
const IMPORT_LINE = /(?:^|[\n;])\s*(?:import|export)\s[^'"`;()=]*?\bfrom\s*["']([^"'\n]+)["']|(?:^|[\n;])\s*import\s*["']([^"'\n]+)["']|\bimport\(\s*["']([^"'\n]+)["']\s*\)/g;

const resolveImport = (fromAbsolute, source) => {
  let base;
  if (source.startsWith("@/")) base = path.join(ROOT, source.slice(2));
  else if (source.startsWith(".")) base = path.resolve(path.dirname(fromAbsolute), source);
  else return undefined;
  const candidates = [base, ...EXTENSIONS.map((extension) => base + extension), ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`))];
  // "./x.js" naming a TypeScript file.
  if (/\.[mc]?js$/.test(base)) candidates.push(...EXTENSIONS.map((extension) => base.replace(/\.[mc]?js$/, extension)));
  const found = candidates.find((candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile());
  return found && path.relative(ROOT, found).split(path.sep).join("/");
};

let imports;
/** Each layered file's imports of other layered files, as the files on disk have them. */
const importGraph = () => {
  if (imports) return imports;
  const files = [];
  const walk = (relative) => {
    if (SKIPPED.test(relative)) return;
    const stat = fs.statSync(path.join(ROOT, relative), { throwIfNoEntry: false });
    if (stat?.isDirectory()) for (const entry of fs.readdirSync(path.join(ROOT, relative))) walk(`${relative}/${entry}`);
    else if (stat?.isFile() && EXTENSIONS.includes(path.extname(relative))) files.push(relative);
  };
  SCANNED.forEach(walk);
  imports = new Map(files.map((file) => [file, new Set()]));
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const match of text.matchAll(IMPORT_LINE)) {
      const target = resolveImport(path.join(ROOT, file), match[1] ?? match[2] ?? match[3]);
      if (target && imports.has(target)) imports.get(file).add(target);
    }
  }
  return imports;
};

/** The shortest way of imports from `from` to `to` (breadth first), or undefined when there is none. */
const wayOf = (graph, from, to) => {
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  for (let at = 0; at < queue.length && !previous.has(to); at += 1) {
    for (const next of graph.get(queue[at]) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, queue[at]);
      queue.push(next);
    }
  }
  if (!previous.has(to)) return undefined;
  const way = [];
  for (let node = to; node !== undefined; node = previous.get(node)) way.unshift(node);
  return way;
};

// The area template (docs/conventions.md, "The area template"). Every area, and every sub-area of
// a group area (a folder of lib/<area>/ that is neither an engine nor a rules/ folder), has an
// index.ts, and each of its files is one of: a role file (ROLE_NAMES), an operation or domain
// function named <verb>-<noun>.ts (VERBS), a job kind (<noun>-job.ts, <noun>-sweep.ts), fixed data
// (<noun>-catalog.ts), a test fixture (test-<noun>.ts), or a pure rule inside a rules/ folder.
// kind: an area's configuration of a shared mechanism (squads and syndicates as kinds of lib/groups).
// examples: the API document's example values, which other areas' examples may build on.
const ROLE_NAMES = new Set(["index", "schemas", "operations", "examples", "events", "rules", "status-machine", "config", "shape", "kind"]);
const VERBS = [
  "add", "analyze", "append", "apply", "assign", "attach", "build", "call", "cancel", "check", "claim", "compute", "create", "decide",
  "delete", "deliver", "deploy", "diagram", "draw", "edit", "ensure", "fetch", "find", "finish", "format", "get", "hash", "import",
  "index", "ingest", "issue", "limit", "link", "list", "load", "lock", "manage", "mark", "measure", "mint", "move", "optimize", "plan",
  "offer", "provide", "put", "queue", "read", "record", "refresh", "release", "remove", "render", "request", "require", "resolve", "retry", "revoke", "rotate",
  "run", "scan", "seal", "search", "seed", "send", "store", "submit", "sweep", "touch", "unlink", "update", "verify", "watch", "work", "expire",
];
const TEMPLATE_NAMES = [
  { pattern: new RegExp(`^(?:${VERBS.join("|")})-[a-z0-9]+(?:-[a-z0-9]+)*$`), role: "operation" },
  { pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*-(?:job|sweep)$/, role: "job" },
  { pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*-catalog$/, role: "catalog" },
  { pattern: /^test-[a-z0-9]+(?:-[a-z0-9]+)*$/, role: "test fixture" },
];
// Engines: folders of an area that hold code with a structure of its own (a simulator, a parser,
// a renderer, a hosted backend's client, the seed's generator). Not areas: no template inside,
// any file of the area may use them, and they never import the database, the outbox or the jobs.
const ENGINES = new Set(["quantum/pool", "quantum/qasm", "quantum/histogram", "quantum/diagram", "quantum/ibm", "seed/generator"]);
// Files whose names are not checked yet, while a change brings them to the template (none now).
const TEMPLATE_PENDING = new Set([]);
// How another sub-area of the same group comes in: its surface, its declarations, its pure rules.
const SUB_AREA_ENTRIES = new Set(["index", "schemas", "operations", "examples", "events", "rules", "status-machine"]);
// What a pure rule may not import (values; types are free): layers 2 and up but the areas, I/O
// modules and packages, the environment readers.
const IO_PACKAGES = /^(?:node:|(?:fs|fs\/promises|net|http|https|http2|dns|tls|dgram|child_process|cluster|worker_threads|readline)$|pg$|@electric-sql\/|pglite-|@prisma\/|ioredis$|piscina$|next(?:$|\/)|next-auth(?:$|\/)|standardwebhooks$|rate-limiter-flexible$|@resvg\/|pino$)/;

/** Where a file of an area stands in the template, or undefined outside the areas. */
const templatePlace = (relative) => {
  const parts = relative.split("/");
  if (parts[0] !== "lib" || !AREAS.includes(parts[1]) || parts.length < 3) return undefined;
  const area = parts[1];
  const folders = parts.slice(2, -1);
  const name = parts[parts.length - 1];
  if (folders.length > 0 && ENGINES.has(`${area}/${folders[0]}`)) return { area, name, engine: `lib/${area}/${folders[0]}` };
  const rulesAt = folders.indexOf("rules");
  const unitFolders = rulesAt >= 0 ? folders.slice(0, rulesAt) : folders;
  return { area, name, sub: unitFolders[0], nested: unitFolders.length > 1, inRules: rulesAt >= 0, unit: ["lib", area, ...unitFolders].join("/") };
};

const isPureRule = (place) => place && !place.engine && (place.inRules || place.name === "rules" || place.name === "status-machine") && !place.name.startsWith("test-");

/** Why a pure rule may not import `source` (resolved to `target`), or undefined when it may. */
const impurity = (source, target) => {
  if (target === undefined) return IO_PACKAGES.test(source) ? `'${source}' does I/O` : undefined;
  if (!target.startsWith("lib/")) return undefined;
  if (target === "lib/config" || target.startsWith("lib/config/")) return `'${source}' reads the environment: take the setting as an argument`;
  const rank = rankOf(target);
  if (rank > BASE_LAYER && rank !== AREA_LAYER) return `'${source}' is in the ${LAYERS[rank].name} layer`;
  const place = templatePlace(target);
  if (!place || place.engine || place.inRules || TEMPLATE_NAMES.some(({ pattern, role }) => role !== "operation" && role !== "job" && pattern.test(place.name))) return undefined;
  if (["schemas", "events", "rules", "status-machine"].includes(place.name)) return undefined;
  return `'${source}' is ${place.name === "index" ? "an area's surface" : `an area's ${place.name}`}, not a pure rule`;
};

// Rules of this config's own. no-upward-import: a file maps to its layer by its path (LAYERS), so an import up a
// layer, or into another area other than by its surface or against the areas' order, is an error.
const layersPlugin = {
  rules: {
    "no-upward-import": {
      meta: { type: "problem", schema: [], docs: { description: "Imports only from the same layer or the layers below (ARCHITECTURE.md)" } },
      create(context) {
        const file = path.relative(ROOT, context.filename).split(path.sep).join("/").replace(/\.[mc]?[jt]sx?$/, "");
        const from = rankOf(file);
        if (from < 0) return {};
        const fromArea = areaOf(file);
        const check = (node, source) => {
          if (typeof source !== "string") return;
          const target = targetOf(context.filename, source);
          if (target === undefined) return;
          const to = rankOf(target);
          if (to < 0) return;
          if (to > from) {
            context.report({ node, message: `'${source}' is in the ${LAYERS[to].name} layer, above this file's (${LAYERS[from].name}): import downwards only, or register from above (ARCHITECTURE.md).` });
            return;
          }
          const toArea = areaOf(target);
          if (!fromArea || !toArea || fromArea === toArea) return;
          if (AREAS.indexOf(toArea) > AREAS.indexOf(fromArea)) {
            context.report({ node, message: `The ${fromArea} area may not import the ${toArea} area, which comes after it in the areas' order (eslint.config.mjs, AREAS): that is how a circle between areas starts.` });
          } else if (!AREA_ENTRIES.has(target.slice(`lib/${toArea}`.length + 1))) {
            context.report({ node, message: `Import the ${toArea} area through its index.ts, schemas.ts or examples.ts, not '${source}'.` });
          }
        };
        return importVisitors(check);
      },
    },
    // engine-self-contained: the simulator engine imports its own files and node: builtins, nothing of the
    // app (no setting, no AppError, no package): what it needs is passed in.
    "engine-self-contained": {
      meta: { type: "problem", schema: [], docs: { description: "The simulator engine imports only its own files and node: builtins (ARCHITECTURE.md)" } },
      create(context) {
        const file = path.relative(ROOT, context.filename).split(path.sep).join("/");
        if (!file.startsWith(`${ENGINE}/`)) return {};
        return importVisitors((node, source) => {
          if (typeof source !== "string" || source.startsWith("node:")) return;
          const target = targetOf(context.filename, source);
          if (target === ENGINE || target?.startsWith(`${ENGINE}/`)) return;
          context.report({ node, message: `The simulator engine imports only its own files and node: builtins, not '${source}': pass settings in, and translate its errors where the app calls it (lib/quantum/pool/engine.ts).` });
        });
      },
    },
    // area-template: the files an area may have, rules that stay pure, sub-areas entered by their surface.
    "area-template": {
      meta: { type: "problem", schema: [], docs: { description: "Areas follow the area template (docs/conventions.md)" } },
      create(context) {
        const file = path.relative(ROOT, context.filename).split(path.sep).join("/").replace(/\.[mc]?[jt]sx?$/, "");
        const place = templatePlace(file);
        if (!place) return {};
        const pure = isPureRule(place);
        const check = (node, source, typeOnly) => {
          if (typeof source !== "string") return;
          const target = resolveImport(context.filename, source)?.replace(/\.(d\.)?[mc]?[jt]sx?$/, "");
          if (pure && !typeOnly) {
            const why = impurity(source, target);
            if (why) context.report({ node, message: `A rules file is pure (no database, no I/O): ${why}. Load in an operation file and pass the values in.` });
          }
          if (place.engine && !typeOnly && target !== undefined && [rankOf("lib/db"), rankOf("lib/outbox")].includes(rankOf(target))) {
            context.report({ node, message: `An engine never reaches the database, the outbox or the jobs ('${source}'): the area's operations load and store, the engine computes.` });
          }
          if (place.engine || target === undefined) return;
          const to = templatePlace(target);
          if (!to || to.engine || to.area !== place.area || !to.sub || to.sub === place.sub) return;
          const entry = to.inRules || (to.unit === target.slice(0, target.lastIndexOf("/")) && SUB_AREA_ENTRIES.has(to.name));
          if (!entry) context.report({ node, message: `Import the ${to.area}/${to.sub} sub-area through its index.ts (or its schemas, operations, events or rules), not '${source}'.` });
        };
        return {
          Program(node) {
            if (place.engine) return;
            if (place.nested) {
              context.report({ node, message: `Sub-areas are one level deep (lib/${place.area}/<sub-area>/): '${place.unit}' nests one in another. Make it a sibling, a rules/ folder, or an engine (eslint.config.mjs, ENGINES).` });
              return;
            }
            if (!fs.existsSync(path.join(ROOT, `${place.unit}/index.ts`))) {
              context.report({ node, message: `'${place.unit}' has no index.ts: every area and sub-area has one, the only way in from outside it (docs/conventions.md, "The area template").` });
            }
            if (place.name === "index" && !place.inRules) {
              const own = node.body.find((statement) => !(statement.type === "ImportDeclaration" || statement.type === "ExportAllDeclaration" || (statement.type === "ExportNamedDeclaration" && statement.source)));
              if (own) context.report({ node: own, message: `An index.ts only re-exports (the area's surface): move what it declares into a file of its role (docs/conventions.md, "The area template").` });
            }
            if (place.inRules || TEMPLATE_PENDING.has(file) || ROLE_NAMES.has(place.name) || TEMPLATE_NAMES.some(({ pattern }) => pattern.test(place.name))) return;
            context.report({
              node,
              message: `'${place.name}' is not a file of the area template: an operation or domain function is <verb>-<noun> (verbs: eslint.config.mjs, VERBS), a job <noun>-job or <noun>-sweep, fixed data <noun>-catalog, a pure rule rules.ts or a file in rules/; else one of ${[...ROLE_NAMES].join(", ")} (docs/conventions.md, "The area template").`,
            });
          },
          ImportDeclaration: (node) => check(node, node.source.value, node.importKind === "type" || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type"))),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === "type"),
          ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === "type"),
          ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value, false),
        };
      },
    },
    // no-cycle: an import whose target leads back to this file (through the files on disk) closes a circle.
    "no-cycle": {
      meta: { type: "problem", schema: [], docs: { description: "No import circle between files (ARCHITECTURE.md)" } },
      create(context) {
        const file = path.relative(ROOT, context.filename).split(path.sep).join("/");
        const graph = importGraph();
        return importVisitors((node, source) => {
          if (typeof source !== "string") return;
          const target = resolveImport(context.filename, source);
          const way = target && wayOf(graph, target, file);
          if (!way) return;
          context.report({ node, message: `Import circle: ${[file, ...way].join(" → ")}. Move what both need below them, or invert the call by registration (ARCHITECTURE.md).` });
        });
      },
    },
  },
};

/** The import forms a rule checks: import, export … from, import(). */
function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
  };
}

const prismaPatterns = prismaClientImports.patterns;

// Files a browser bundle may contain: schemas (of an area or a sub-area) and status machines (pure), the API client,
// the formatters, the SVG histogram geometry, the auth rules (role ranks, the same-origin redirect rule), the event
// stream's query (its known types) and the event catalog (the webhook form's types).
// Everything else under lib/ is server code.
const clientSurface = {
  regex: "^@/lib/(?!client/|format$|[^/]+/(?:[^/]+/)?schemas$|[^/]+/status-machine$|quantum/histogram/svg$|auth/rules$|events/stream-schemas$|events/catalog$|core/text$)",
  allowTypeImports: true,
  message: "Client code imports an area only through its client-safe files (its or its sub-areas' schemas, status-machine, lib/client); call the API or pass data from a server page.",
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
  { ignores: [".next/**", ".next-*/**", ".next-e2e.lock/**", "tests/wallet/contracts/**", "node_modules/**", "lib/db/generated/**", "lib/client/generated/**", ".data/**", ".cache/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "packages/*/dist/**", "bench/vendor/**"] },
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
  // Areas (and everything below them, and the event log) may not import the HTTP layer; nothing
  // under lib/ but lib/api itself imports the API table on top.
  {
    files: ["lib/**/*.ts"],
    ignores: ["lib/http/**", "lib/core/**", "lib/startup/**", "lib/api/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [httpLayer, apiTable] }] },
  },
  {
    files: ["lib/http/**/*.ts", "lib/startup/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [apiTable] }] },
  },
  // The core is the bottom layer of the app: no area, no database, no HTTP (its tests may use the
  // areas); only the simulator engine, below it, which imports nothing of the app.
  {
    files: ["lib/core/**/*.ts"],
    ignores: ["lib/core/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(\\.\\./(?!simulator/)|@/)", message: "lib/core imports nothing from the areas, lib/db or lib/http: it is the layer they all build on." }] },
      ],
    },
  },
  // No import up a layer, and no import circle between files (the areas' order above also keeps
  // circles between areas out).
  {
    files: ["lib/**/*.{ts,tsx,mjs}", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "instrumentation.ts", "proxy.ts"],
    ignores: ["**/*.test.ts"],
    plugins: { layers: layersPlugin },
    rules: {
      "layers/no-upward-import": "error",
      "layers/no-cycle": "error",
      "layers/engine-self-contained": "error",
      "layers/area-template": "error",
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

// The areas and the engines, for the test of the two-hop rule (tests/lint/hops.test.ts).
export { AREAS, ENGINES };
