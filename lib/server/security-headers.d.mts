// Types of security-headers.mjs (a plain module: next.config.mjs imports it without a compiler).
export type HeaderRule = { source: string; headers: { key: string; value: string }[] };
export declare const SECURITY_HEADERS: { key: string; value: string }[];
export declare const HEADER_RULES: HeaderRule[];
