// `prisma dev` would start Prisma's local streams server here; it needs Node 22 or Bun, and this project
// runs on Node 20 with its own embedded database (npm start). Saying so beats a crash deep inside it.
exports.startLocalDurableStreamsServer = async function startLocalDurableStreamsServer() {
  throw new Error("`prisma dev` is not used in this project (it needs Node 22): `npm start` runs the app on its embedded database.");
};
