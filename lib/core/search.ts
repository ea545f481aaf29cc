// "Name or id contains q", the search every named list offers, as a where-fragment that fits any
// Prisma model with `id` and `name` text columns (case-insensitive; no filter without q).
// Prisma writes `contains` and insensitive `equals` as LIKE/ILIKE patterns without escaping them,
// so "%" or "_" in what a client typed would match anything: they are escaped here to mean
// themselves (backslash is PostgreSQL's default LIKE escape).

/** `text` as a LIKE pattern that matches exactly that text. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Case-insensitive "contains `q`", wildcards taken literally. */
export const containsInsensitive = (q: string) => ({ contains: likeLiteral(q), mode: "insensitive" as const });

/** Case-insensitive "equals `value`", wildcards taken literally. */
export const equalsInsensitive = (value: string) => ({ equals: likeLiteral(value), mode: "insensitive" as const });

export const nameOrIdContains = (q: string | undefined) => (q ? { OR: [{ name: containsInsensitive(q) }, { id: containsInsensitive(q) }] } : {});
