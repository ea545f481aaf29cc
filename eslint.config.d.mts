// Types of eslint.config.mjs for the TypeScript files that read its lists (tests/lint/hops.test.ts).
declare const config: unknown[];
export default config;
/** The areas of lib/, in the order in which each may import those before it. */
export declare const AREAS: string[];
/** The engines of the areas ("<area>/<folder>"). */
export declare const ENGINES: Set<string>;
