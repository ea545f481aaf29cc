// npm run apikey -- create --user <email> --role <viewer|operator|admin> [--name <text>]
//                          [--scopes <area:read|write,…>] [--expires-in-days <n>]
//                   list --user <email>
//                   revoke --id <keyId>
// `create` prints the key as its last line (shown once, stored only as a hash). While the app runs on
// the embedded database, the command is carried out by the app (lib/auth/run-key-commands.ts).
import { parseArgs } from "node:util";
import { closeDatabase, migrateDatabase } from "../lib/db";
import { askRunningApp, KeyCommand, runKeyCommand, type KeyCommandResult, type TKeyCommand } from "../lib/auth/run-key-commands";
import { ROLES } from "../lib/auth/rules";
import { registerApp } from "../lib/startup/register";

// An app process: what the areas register with the layers below (docs/events.md, "Registration").
registerApp();

const USAGE =
  "usage: npm run apikey -- create --user <email> --role <viewer|operator|admin> [--name <text>]\n" +
  "                                [--scopes <area:read|write,…>] [--expires-in-days <n>]\n" +
  "       npm run apikey -- list --user <email>\n" +
  "       npm run apikey -- revoke --id <keyId>";

const fail = (message: string, code = 2): never => {
  console.error(message);
  process.exit(code);
};

const readCommand = (): TKeyCommand => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      user: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
      id: { type: "string" },
      scopes: { type: "string" },
      "expires-in-days": { type: "string" },
    },
  });
  const [command] = positionals;
  if (command === "create" && values.role && !(ROLES as readonly string[]).includes(values.role)) fail(`--role must be one of ${ROLES.join(", ")}`);
  const days = values["expires-in-days"];
  if (days !== undefined && !/^[1-9][0-9]{0,2}$/.test(days)) fail("--expires-in-days must be a whole number of days, 1 to 730");
  const parsed = KeyCommand.safeParse({
    command,
    user: values.user,
    role: values.role,
    name: values.name ?? "CLI key",
    id: values.id,
    scopes: values.scopes?.split(",").map((scope) => scope.trim()).filter(Boolean),
    expiresAt: days ? new Date(Date.now() + Number(days) * 86_400_000).toISOString() : undefined,
  });
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.filter((issue) => issue.path[0] === "scopes" || issue.path[0] === "expiresAt");
  return issues.length > 0 ? fail(issues.map((issue) => `--${issue.path[0] === "scopes" ? "scopes" : "expires-in-days"}: ${issue.message}`).join("\n")) : fail(USAGE);
};

const show = (request: TKeyCommand, result: KeyCommandResult) => {
  if (!result.ok) return fail(result.message, 1);
  if (result.command === "create") {
    for (const note of result.notes) console.error(note);
    console.error(`API key ${result.key.id} (${result.key.role}) for ${request.command === "create" ? request.user : ""}; it is shown once:`);
    console.log(result.key.key);
  } else if (result.command === "list") {
    for (const key of result.keys) {
      const state = key.revokedAt ? `revoked ${key.revokedAt}` : key.expiresAt && Date.parse(key.expiresAt) <= Date.now() ? `expired ${key.expiresAt}` : "active";
      console.log(`${key.id}\t${key.prefix}…\t${key.role}\t${key.name}\t${state}\t${key.scopes?.join(",") ?? "all scopes"}\t${key.expiresAt ? `expires ${key.expiresAt}` : "no expiry"}`);
    }
  } else {
    console.log(`revoked ${result.id}`);
  }
};

const main = async () => {
  const request = readCommand();
  // The running app, if there is one on the embedded database; else this process opens the database.
  const answered = await askRunningApp(request);
  if (answered) return show(request, answered);
  await migrateDatabase();
  show(request, await runKeyCommand(request));
};

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
