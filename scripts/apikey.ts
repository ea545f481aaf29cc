// npm run apikey -- create --user <email> --role <viewer|operator|admin> [--name <text>]
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
  "       npm run apikey -- list --user <email>\n" +
  "       npm run apikey -- revoke --id <keyId>";

const fail = (message: string, code = 2): never => {
  console.error(message);
  process.exit(code);
};

const readCommand = (): TKeyCommand => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { user: { type: "string" }, role: { type: "string" }, name: { type: "string" }, id: { type: "string" } },
  });
  const [command] = positionals;
  if (command === "create" && values.role && !(ROLES as readonly string[]).includes(values.role)) fail(`--role must be one of ${ROLES.join(", ")}`);
  const parsed = KeyCommand.safeParse({ command, user: values.user, role: values.role, name: values.name ?? "CLI key", id: values.id });
  return parsed.success ? parsed.data : fail(USAGE);
};

const show = (request: TKeyCommand, result: KeyCommandResult) => {
  if (!result.ok) return fail(result.message, 1);
  if (result.command === "create") {
    for (const note of result.notes) console.error(note);
    console.error(`API key ${result.key.id} (${result.key.role}) for ${request.command === "create" ? request.user : ""}; it is shown once:`);
    console.log(result.key.key);
  } else if (result.command === "list") {
    for (const key of result.keys) {
      console.log(`${key.id}\t${key.prefix}…\t${key.role}\t${key.name}\t${key.revokedAt ? `revoked ${key.revokedAt}` : "active"}`);
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
