// The API table (table.ts): what the route files under app/ take their exports from.
export { API_TABLE, apiMethods, apiOperations, type PathMethods } from "./table";
