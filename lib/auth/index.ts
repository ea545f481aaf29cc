export * from "./schemas";
export * from "./operations";
export { createUser, listUsers, updateUserRole, authenticateUser } from "./manage-users";
export { createApiKey, listApiKeys, revokeApiKey } from "./manage-api-keys";
export { ensureAdmin } from "./ensure-admin";
export { hashPassword, verifyPassword } from "./hash-password";
export { hasRole, weakerRole, ROLES } from "./rules";
export { resolvePrincipal, resetPrincipalState, type Principal } from "./resolve-principal";
export { authSecret, forgetAuthSecret } from "./get-auth-secret";
