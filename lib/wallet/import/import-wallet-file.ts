// `npm run wallet:import -- <file.json>`: the same schema and the same all-or-nothing import as
// POST /api/wallets/import, for files of any size.
import { readFile } from "node:fs/promises";
import { AppError } from "../../core/errors";
import { ZImportBody, type TImportResult } from "./schemas";
import { importWalletData } from "./import-wallet-data";

export const importWalletFile = async (file: string): Promise<TImportResult> => {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new AppError("malformed_json", `${file} is not a JSON file: ${(error as Error).message}`);
  }
  const parsed = ZImportBody.safeParse(json);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ path: ["body", ...issue.path.map(String)].join("."), message: issue.message }));
    throw new AppError("validation_failed", `${file} has ${errors.length} problem${errors.length === 1 ? "" : "s"}; nothing was imported.`, { errors });
  }
  return importWalletData(parsed.data);
};
