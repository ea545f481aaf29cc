"use client";

import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * False while the page is server-rendered HTML, true once React has hydrated it. Forms and action
 * buttons stay disabled until their handlers exist, so an early click is never lost or sent as a
 * plain HTML form submission.
 */
export const useHydrated = () => useSyncExternalStore(subscribeNothing, () => true, () => false);
