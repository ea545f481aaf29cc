// "Name or id contains q", the search every named list offers, as a where-fragment that fits any
// Prisma model with `id` and `name` text columns (case-insensitive; no filter without q).
const contains = (q: string) => ({ contains: q, mode: "insensitive" as const });

export const nameOrIdContains = (q: string | undefined) => (q ? { OR: [{ name: contains(q) }, { id: contains(q) }] } : {});
