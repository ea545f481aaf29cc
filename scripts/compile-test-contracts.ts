// npx tsx scripts/compile-test-contracts.ts – compiles tests/wallet/contracts/*.sol with solc (the
// npm wasm build, offline) for ganache's newest fork (shanghai), and writes <Name>.json beside
// each source: { contractName, compiler, evmVersion, abi, bytecode }. The JSON is committed, so
// tests never compile; run this again after changing a contract.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};

const require = createRequire(import.meta.url);
const solc = require("solc") as { compile: (input: string) => string; version: () => string };

const DIR = path.resolve(import.meta.dirname, "../tests/wallet/contracts");
const EVM_VERSION = "shanghai";

const sources = Object.fromEntries(
  readdirSync(DIR)
    .filter((file) => file.endsWith(".sol"))
    .sort()
    .map((file) => [file, { content: readFileSync(path.join(DIR, file), "utf8") }]),
);

const output = JSON.parse(
  solc.compile(
    JSON.stringify({
      language: "Solidity",
      sources,
      settings: { evmVersion: EVM_VERSION, optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
    }),
  ),
) as SolcOutput;

const errors = (output.errors ?? []).filter((error) => error.severity === "error");
for (const message of output.errors ?? []) console.error(message.formattedMessage);
if (errors.length > 0) process.exit(1);

for (const [file, contracts] of Object.entries(output.contracts)) {
  for (const [name, contract] of Object.entries(contracts)) {
    const target = path.join(DIR, `${name}.json`);
    const artifact = { contractName: name, source: file, compiler: `solc ${solc.version()}`, evmVersion: EVM_VERSION, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    writeFileSync(target, JSON.stringify(artifact, null, 2) + "\n");
    console.log(`${path.relative(process.cwd(), target)}: ${contract.evm.bytecode.object.length / 2} bytes`);
  }
}
