import { updateUserOperation, updateUserRole } from "@/lib/auth";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // PATCH /api/users/{userId} – change a user's role (admin)
  PATCH: route(updateUserOperation, ({ params, body }) => updateUserRole(params.userId, body.role)),
});
