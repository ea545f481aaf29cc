// An id suggested from a name ("LedgerLens Tracker" → "ledgerlens-tracker"), for the create forms whose
// contract takes the id from the client (name-and-id.tsx; a task's id from its description). A clash with
// an existing id is the API's 409 at the id field, shown there.

/** A readable id from a name: lower case, accents dropped (é → e), runs of other characters as one "-", at most 64 long. */
export const slugify = (value: string) =>
  value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 64)
    .replace(/^-+|-+$/g, "");
