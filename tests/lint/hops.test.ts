// "Every rule is at most two hops from the route that uses it" (docs/conventions.md, "The area
// template"), checked on the code as it is: for each route handler of lib/api/<area>.ts, each area
// function it calls is found where it is defined (the operation file; the index.ts it came through
// re-exports only and counts for nothing), and from there the files of the operation's own unit
// (its area or sub-area, and its group's shared files) are walked along their value imports. Every
// pure rule met on the way (rules.ts, status-machine.ts, a file of a rules/ folder) must be at most
// two hops from the handler: handler → operation file → rules. The files of one rules/ folder are
// one rule module (a model and the risk level it applies are one hop away together), and another
// sub-area's or area's rules are that unit's own business (its operations are checked from their
// routes). Engines (eslint.config.mjs, ENGINES) are not walked into, with one exception that is a
// call in all but syntax: work sent to the sandbox, runSimulation({ kind, … }), counts as a call of
// the function the sandbox runs for that kind (the dispatch of lib/quantum/pool/tasks.ts).
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { AREAS, ENGINES } from "../../eslint.config.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs"];

type Parsed = {
  /** Value imports and re-exports: the resolved file and, for named ones, the names (imported → local). */
  imports: { target: string; names?: Map<string, string>; star?: boolean; reexport: boolean }[];
  /** Names the file declares itself, each with the AST of its declaration. */
  declared: Map<string, ts.Node>;
  source: ts.SourceFile;
};

const cache = new Map<string, Parsed>();

const resolve = (from: string, spec: string): string | undefined => {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(ROOT, path.dirname(from), spec);
  else return undefined;
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  const found = candidates.find((candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile());
  return found && path.relative(ROOT, found).split(path.sep).join("/");
};

const parse = (file: string): Parsed => {
  const known = cache.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const parsed: Parsed = { imports: [], declared: new Map(), source };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      const target = resolve(file, statement.moduleSpecifier.text);
      if (!target) continue;
      const names = new Map<string, string>();
      const bindings = clause.namedBindings;
      if (clause.name) names.set("default", clause.name.text);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) if (!element.isTypeOnly) names.set((element.propertyName ?? element.name).text, element.name.text);
        if (names.size === 0) continue;
      }
      parsed.imports.push({ target, names, star: bindings !== undefined && ts.isNamespaceImport(bindings), reexport: false });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.isTypeOnly) continue;
      const target = resolve(file, statement.moduleSpecifier.text);
      if (!target) continue;
      if (!statement.exportClause) {
        parsed.imports.push({ target, star: true, reexport: true });
        continue;
      }
      if (!ts.isNamedExports(statement.exportClause)) continue;
      const names = new Map<string, string>();
      for (const element of statement.exportClause.elements) if (!element.isTypeOnly) names.set((element.propertyName ?? element.name).text, element.name.text);
      if (names.size > 0) parsed.imports.push({ target, names, reexport: true });
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) parsed.declared.set(declaration.name.text, declaration);
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      parsed.declared.set(statement.name.text, statement);
    }
  }
  cache.set(file, parsed);
  return parsed;
};

/** The file that defines `name` as exported by `file`, following re-exports (barrels). */
const definingFile = (file: string, name: string, seen = new Set<string>()): string | undefined => {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const parsed = parse(file);
  if (parsed.declared.has(name)) return file;
  for (const entry of parsed.imports) {
    if (!entry.reexport) continue;
    if (entry.names) {
      for (const [imported, local] of entry.names) if (local === name) return definingFile(entry.target, imported, seen);
    } else if (entry.star) {
      const found = definingFile(entry.target, name, seen);
      if (found) return found;
    }
  }
  return undefined;
};

const ENGINE_FOLDERS = [...ENGINES].map((engine) => `lib/${engine}/`);
const isEngine = (file: string) => ENGINE_FOLDERS.some((folder) => file.startsWith(folder));

/** The area of a file, its sub-area (a folder with an index.ts that is not an engine or rules/), and its rule module. */
const placeOf = (file: string) => {
  const parts = file.split("/");
  if (parts[0] !== "lib" || !AREAS.includes(parts[1])) return undefined;
  const folders = parts.slice(2, -1);
  const name = parts[parts.length - 1].replace(/\.[mc]?[jt]sx?$/, "");
  const rulesAt = folders.indexOf("rules");
  const sub = folders[0] !== undefined && folders[0] !== "rules" ? folders[0] : undefined;
  const ruleModule = rulesAt >= 0 ? ["lib", parts[1], ...folders.slice(0, rulesAt + 1)].join("/") : name === "rules" || name === "status-machine" ? file : undefined;
  return { area: parts[1], sub, ruleModule, barrel: name === "index" };
};

/** The sandbox's dispatch: the function lib/quantum/pool/tasks.ts runs for each task kind, as [file, name]. */
const SANDBOX = "lib/quantum/pool/tasks.ts";
let dispatch: Map<string, [string, string]> | undefined;
const sandboxDispatch = () => {
  if (dispatch) return dispatch;
  dispatch = new Map();
  const parsed = parse(SANDBOX);
  const importedLocals = new Map<string, [string, string]>();
  for (const entry of parsed.imports) if (!entry.reexport && entry.names) for (const [name, local] of entry.names) importedLocals.set(local, [entry.target, name]);
  const runnerOf = (statement: ts.Node | undefined): string | undefined => {
    if (statement && ts.isReturnStatement(statement) && statement.expression && ts.isCallExpression(statement.expression) && ts.isIdentifier(statement.expression.expression)) return statement.expression.expression.text;
    return undefined;
  };
  const add = (kind: string, runner: string | undefined) => {
    if (!runner) return;
    const from = importedLocals.get(runner);
    const defined = from ? definingFile(from[0], from[1]) : SANDBOX;
    if (defined) dispatch!.set(kind, [defined, from ? from[1] : runner]);
  };
  const visit = (node: ts.Node) => {
    // case "squad": return runSquadModel(…)
    if (ts.isCaseClause(node) && ts.isStringLiteral(node.expression)) add(node.expression.text, runnerOf(node.statements[0]));
    // if (task.kind === "diagram") return drawCircuit(task)
    if (ts.isIfStatement(node) && ts.isBinaryExpression(node.expression) && ts.isStringLiteral(node.expression.right) && node.expression.left.getText().endsWith(".kind")) {
      add(node.expression.right.text, runnerOf(ts.isBlock(node.thenStatement) ? node.thenStatement.statements[0] : node.thenStatement));
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed.source);
  return dispatch;
};

/** The task kind of a runSimulation({ kind: "…", … }) call, if `node` is one. */
const sandboxKind = (node: ts.Node): string | undefined => {
  if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== "runSimulation") return undefined;
  const task = node.arguments[0];
  if (!task || !ts.isObjectLiteralExpression(task)) return undefined;
  for (const property of task.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === "kind" && ts.isStringLiteral(property.initializer)) return property.initializer.text;
  }
  return undefined;
};

type Reach = { rule: string; hops: number; way: string[] };

/** The names a declaration uses: other declarations of its file, and imported names (as [file, name] where they are defined). */
const usesOfDeclaration = (file: string, name: string): { local: string[]; imported: [string, string][] } => {
  const parsed = parse(file);
  const node = parsed.declared.get(name);
  const local: string[] = [];
  const imported: [string, string][] = [];
  if (!node) return { local, imported };
  const importedLocals = new Map<string, [string, string]>();
  for (const entry of parsed.imports) {
    if (entry.reexport) continue;
    if (entry.names) for (const [importedName, localName] of entry.names) importedLocals.set(localName, [entry.target, importedName]);
  }
  const namespaces = new Map(parsed.imports.filter((entry) => !entry.reexport && entry.star && !entry.names?.size).map((entry) => [entry.target, entry.target]));
  const visit = (inner: ts.Node) => {
    const kind = sandboxKind(inner);
    const runner = kind === undefined ? undefined : sandboxDispatch().get(kind);
    if (runner) imported.push(runner);
    if (ts.isIdentifier(inner) && inner !== (node as { name?: ts.Node }).name) {
      const text = inner.text;
      if (parsed.declared.has(text) && text !== name) local.push(text);
      const from = importedLocals.get(text);
      if (from) {
        const defining = definingFile(from[0], from[1]);
        if (defining) imported.push([defining, from[1]]);
      }
    }
    ts.forEachChild(inner, visit);
  };
  visit(node);
  // A namespace import (import * as x) counts as a use of every name of its file.
  for (const target of namespaces.keys()) for (const declared of parse(target).declared.keys()) imported.push([target, declared]);
  return { local, imported };
};

/** The rules an operation relies on within its own unit, each with its least number of hops from the handler. */
const rulesOf = (operationFile: string, fn: string): Reach[] => {
  const home = placeOf(operationFile)!;
  const inUnit = (file: string) => {
    const place = placeOf(file);
    return place !== undefined && !isEngine(file) && place.area === home.area && (place.sub === undefined || place.sub === home.sub);
  };
  // 0-1 breadth first over declarations: a use inside one file, or inside one rule module, costs
  // nothing (barrels are passed by definingFile); a use of another file's declaration is a hop.
  const key = (file: string, name: string) => `${file}#${name}`;
  const best = new Map<string, { file: string; hops: number; way: string[] }>([[key(operationFile, fn), { file: operationFile, hops: 1, way: [operationFile] }]]);
  const queue = [key(operationFile, fn)];
  while (queue.length > 0) {
    queue.sort((a, b) => best.get(a)!.hops - best.get(b)!.hops);
    const at = queue.shift()!;
    const { file, hops, way } = best.get(at)!;
    const name = at.slice(at.indexOf("#") + 1);
    const from = placeOf(file);
    const { local, imported } = usesOfDeclaration(file, name);
    const next: [string, string, number, string[]][] = local.map((other) => [file, other, hops, way]);
    for (const [target, importedName] of imported) {
      if (!inUnit(target)) continue;
      const to = placeOf(target)!;
      const free = from?.ruleModule !== undefined && from.ruleModule === to.ruleModule;
      next.push([target, importedName, hops + (free ? 0 : 1), [...way, target]]);
    }
    for (const [target, targetName, targetHops, targetWay] of next) {
      const k = key(target, targetName);
      if ((best.get(k)?.hops ?? Infinity) <= targetHops) continue;
      best.set(k, { file: target, hops: targetHops, way: targetWay });
      queue.push(k);
    }
  }
  const reached = new Map<string, Reach>();
  for (const { file, hops, way } of best.values()) {
    if (placeOf(file)?.ruleModule === undefined) continue;
    if ((reached.get(file)?.hops ?? Infinity) > hops) reached.set(file, { rule: file, hops, way });
  }
  return [...reached.values()];
};

type Use = { route: string; fn: string; operationFile: string; rules: Reach[] };

/** Every route of lib/api/<file>: the area functions its handler calls, with the rules they rely on. */
const usesOf = (apiFile: string): Use[] => {
  const parsed = parse(apiFile);
  const imported = new Map<string, { target: string; name: string }>();
  for (const entry of parsed.imports) if (!entry.reexport && entry.names) for (const [name, local] of entry.names) imported.set(local, { target: entry.target, name });
  const uses: Use[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "route" && node.arguments.length === 2) {
      const operation = node.arguments[0].getText();
      const called = new Set<string>();
      const collect = (inner: ts.Node) => {
        if (ts.isIdentifier(inner) && imported.has(inner.text) && placeOf(imported.get(inner.text)!.target)) called.add(inner.text);
        ts.forEachChild(inner, collect);
      };
      collect(node.arguments[1]);
      for (const local of called) {
        const { target, name } = imported.get(local)!;
        const operationFile = definingFile(target, name);
        if (!operationFile) throw new Error(`${apiFile}: cannot find where ${name} is defined`);
        uses.push({ route: operation, fn: name, operationFile, rules: rulesOf(operationFile, name) });
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed.source);
  return uses;
};

const API_FILES = fs
  .readdirSync(path.join(ROOT, "lib/api"))
  .filter((file) => file.endsWith(".ts") && !["index.ts", "router.ts", "table.ts"].includes(file))
  .map((file) => `lib/api/${file}`);

describe("every rule is at most two hops from the route that uses it", () => {
  const uses = API_FILES.flatMap(usesOf);

  it("finds the routes, their operation files and the rules behind them", () => {
    expect(uses.length).toBeGreaterThan(60);
    const squadAnalysis = uses.find((use) => use.fn === "analyzeSquad");
    expect(squadAnalysis?.operationFile).toBe("lib/quantum/analyses/analyze-entities.ts");
    expect(squadAnalysis?.rules.find((reach) => reach.rule === "lib/quantum/analyses/rules/risk.ts")?.hops).toBe(2);
    expect(uses.find((use) => use.fn === "moveTaskStatus")?.rules.map((reach) => reach.rule)).toContain("lib/tasks/status-machine.ts");
    expect(sandboxDispatch().get("squad")).toEqual(["lib/quantum/analyses/rules/squad.ts", "runSquadModel"]);
  });

  it("holds for every route", () => {
    const far = uses.flatMap(({ route, fn, operationFile, rules }) =>
      rules.filter((reach) => reach.hops > 2).map((reach) => `${route} → ${fn} (${operationFile}): ${reach.rule} at ${reach.hops} hops, by ${reach.way.join(" → ")}`),
    );
    expect(far).toEqual([]);
  });

  it("keeps decisions out of the formatters: lib/format names no level or threshold", () => {
    const declared = fs
      .readdirSync(path.join(ROOT, "lib/format"))
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .flatMap((file) => [...parse(`lib/format/${file}`).declared.keys()]);
    expect(declared.filter((name) => /level|threshold/i.test(name))).toEqual([]);
  });
});
