"use client";

import { useEffect, useLayoutEffect } from "react";
import { revealAllLessonParts, revealLessonPartsWhenIdle } from "./lesson-parts-reveal";

/**
 * A lesson section's later parts, laid out after the first paint (decision 590): in idle time once
 * the page has hydrated, or at once when the reader is headed for a spot in the page. A link to a
 * heading opened from elsewhere was scrolled to while the parts above it stood in at estimated
 * heights: they are laid out and the heading brought back into place (before the framework's own
 * scroll to it, which runs after this layout effect). A click on an in-page link lays them out
 * before the browser scrolls.
 */
export function LessonParts() {
  useLayoutEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id === "") return;
    revealAllLessonParts();
    document.getElementById(id)?.scrollIntoView();
  }, []);

  useEffect(() => {
    const cancel = revealLessonPartsWhenIdle();
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      const here = window.location;
      if (
        link instanceof HTMLAnchorElement &&
        link.origin === here.origin &&
        link.pathname === here.pathname
      ) {
        revealAllLessonParts();
      }
    };
    document.addEventListener("click", onClick, true);
    window.addEventListener("hashchange", revealAllLessonParts);
    return () => {
      cancel();
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("hashchange", revealAllLessonParts);
    };
  }, []);

  return null;
}
