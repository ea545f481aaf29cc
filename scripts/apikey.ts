// npm run apikey -- create --user <email> --role <viewer|operator|admin> [--name <text>]
//                   list --user <email>
//                   revoke --id <keyId>
// `create` prints the key as its last line (shown once, stored only as a hash).
import { parseArgs } from "node:util";
import { closeDatabase, migrateDatabase } from "../lib/db";
import { createKeyForEmail, listKeysForEmail, revokeKeyById } from "../lib/auth/manage-keys-by-email";
import { ROLES } from "../lib/auth/rules";
import { isAppError } from "../lib/core/errors";
import { registerApp } from "../lib/startup/register";

// An app process: what the areas register with the layers below (docs/events.md, "Registration").
registerApp();

const usage = () => {
  console.error(
    "usage: npm run apikey -- create --user <email> --role <viewer|operator|admin> [--name <text>]\n" +
      "       npm run apikey -- list --user <email>\n" +
      "       npm run apikey -- revoke --id <keyId>",
  );
  process.exit(2);
};

const main = async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { user: { type: "string" }, role: { type: "string" }, name: { type: "string" }, id: { type: "string" } },
  });
  const [command] = positionals;
  if (command === "create") {
    if (!values.user || !values.role) usage();
    if (!(ROLES as readonly string[]).includes(values.role!)) {
      console.error(`--role must be one of ${ROLES.join(", ")}`);
      process.exit(2);
    }
    await migrateDatabase();
    const key = await createKeyForEmail(values.user!, values.role as (typeof ROLES)[number], values.name ?? "CLI key", (line) =>
      console.error(line),
    );
    console.error(`API key ${key.id} (${key.role}) for ${values.user}; it is shown once:`);
    console.log(key.key);
    return;
  }
  if (command === "list" && values.user) {
    await migrateDatabase();
    for (const key of await listKeysForEmail(values.user)) {
      console.log(`${key.id}\t${key.prefix}…\t${key.role}\t${key.name}\t${key.revokedAt ? `revoked ${key.revokedAt}` : "active"}`);
    }
    return;
  }
  if (command === "revoke" && values.id) {
    await migrateDatabase();
    await revokeKeyById(values.id);
    console.log(`revoked ${values.id}`);
    return;
  }
  usage();
};

main()
  .catch((error) => {
    console.error(isAppError(error) ? error.message : error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
