"use client";

import { useEffect, useState } from "react";

/** `value`, once it has stopped changing for `ms` (a search box asks after the typing pauses). */
export const useDebounced = <T>(value: T, ms: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};
