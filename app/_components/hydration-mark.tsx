"use client";

import { useEffect } from "react";

/**
 * Marks the page `data-hydrated` once React runs it. What only works from then on (an "Edit and
 * run" button) is drawn in the server's HTML and looks inert until the mark is there, through the
 * stylesheet: one attribute changes at hydration, not one per widget (decision 590).
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return null;
}
