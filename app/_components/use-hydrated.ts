"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};
const onClient = () => true;
const onServer = () => false;

/**
 * False in the server's HTML and while React hydrates it, true from the render right after: what
 * only works once React runs (a button's handler) can be drawn in the HTML, disabled, and come
 * alive without changing its size.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, onClient, onServer);
}
