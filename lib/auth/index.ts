export * from "./schemas";
export * from "./operations";
export { createUser, listUsers, updateUserRole, authenticateUser } from "./users";
export { createApiKey, listApiKeys, revokeApiKey } from "./api-keys";
export { ensureAdmin } from "./ensure-admin";
export { hashPassword, verifyPassword } from "./password";
export { hasRole, weakerRole, ROLES } from "./roles";
export { resolvePrincipal, resetPrincipalState, type Principal } from "./principal";
export { authSecret, forgetAuthSecret } from "./secret";
