import { createUser, createUserOperation, listUsers, listUsersOperation } from "@/lib/auth";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/users – every user (admin)
  GET: route(listUsersOperation, () => listUsers()),
  // POST /api/users – create a user (admin)
  POST: route(createUserOperation, ({ body }) => createUser(body)),
});
