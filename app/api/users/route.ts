import { createUser, createUserOperation, listUsers, listUsersOperation } from "@/lib/auth";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/users – every user (admin)
  GET: route(listUsersOperation, async () => Response.json(await listUsers())),
  // POST /api/users – create a user (admin)
  POST: route(createUserOperation, async ({ body }) => Response.json(await createUser(body), { status: 201 })),
});
