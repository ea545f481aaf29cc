// Industry use cases: seeded, read-only data.
export * from "./schemas";
export * from "./operations";
export { getUseCases } from "./get-use-cases";
