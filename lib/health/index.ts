import { pingDatabase } from "../db";
import { AppError } from "../http/errors";

export { healthOperation } from "./operations";

/** The service is healthy when its database answers; otherwise a 503. */
export const checkHealth = async (): Promise<{ status: "ok" }> => {
  if (!(await pingDatabase())) throw new AppError("unavailable", "The database does not answer.");
  return { status: "ok" };
};
