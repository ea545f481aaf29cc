// Engine API keys at rest (docs/agents.md, "Engines"): sealed with AES-256-GCM under a key derived
// (HKDF-SHA-256) from ENGINE_KEY_SECRET, or else from the session secret, so a database dump alone
// does not reveal them when either secret lives outside the database. A sealed key reads
// "v1.<iv>.<tag>.<ciphertext>" (base64url); the version names the derivation, so a later scheme can
// sit beside it. Opened only to call the engine; never answered, logged or put in an event.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "../auth";
import { enginesConfig } from "./config";

const VERSION = "v1";

const keyFrom = (secret: string) => Buffer.from(hkdfSync("sha256", secret, "syndicate-engine-keys", "engine api key v1", 32));

const sealingKey = async () => keyFrom(enginesConfig().ENGINE_KEY_SECRET ?? (await authSecret()));

/** The key sealed for storage. */
export const sealKey = async (plain: string): Promise<string> => {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await sealingKey(), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
};

/** The key back from storage; throws when it was sealed under another secret (the secret changed). */
export const openKey = async (sealed: string): Promise<string> => {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("The engine's API key is not in a form this version can open.");
  const decipher = createDecipheriv("aes-256-gcm", await sealingKey(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("The engine's API key cannot be opened: it was sealed under another ENGINE_KEY_SECRET (or session secret). Enter the key again.");
  }
};

/** The last four characters, to tell keys apart. */
export const keyHint = (plain: string) => (plain.length >= 8 ? plain.slice(-4) : null);
