// Runs once when the server starts, before it serves a request: migrate the database and, on
// the first start of an empty embedded database, seed demo data.
export const register = async () => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareDatabase } = await import("./lib/db");
  await prepareDatabase();
};
