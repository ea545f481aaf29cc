// Runs once when the server starts, before it serves a request: migrate the database, seed an
// empty embedded database with demo data, make sure an admin exists.
export const register = async () => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareApp } = await import("./lib/startup");
  await prepareApp();
};
