"use client";

// An id suggested from a name as it is typed ("LedgerLens Tracker" → "ledgerlens-tracker"), for the
// create forms whose contract takes the id from the client: the id field follows the name until the
// user edits it by hand, after which it is theirs. A clash with an existing id is the API's 409 at the
// id field, shown there.
import { useState } from "react";

/** A readable id from a name: lower case, accents dropped (é → e), runs of other characters as one "-", at most 64 long. */
export const slugify = (value: string) =>
  value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 64)
    .replace(/^-+|-+$/g, "");

export const useSuggestedId = (initial: string) => {
  const [id, setId] = useState(initial);
  const [byHand, setByHand] = useState(initial !== "");
  return {
    id,
    /** The name changed: the id follows it unless it was typed by hand. */
    follow: (name: string) => {
      if (!byHand) setId(slugify(name));
    },
    /** The id typed by hand (emptied, it follows the name again). */
    type: (value: string) => {
      setByHand(value !== "");
      setId(value);
    },
    /** True while the id follows the name (the caller clears the id field's error then). */
    following: !byHand,
  };
};
