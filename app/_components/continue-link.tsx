"use client";

import { useSyncExternalStore } from "react";
import { lastReadKey, parseLastRead, requestResume } from "./last-read";
import { readStored } from "./browser-storage";

interface ContinueLinkProps {
  course: string;
  lesson: string;
  className?: string;
  /** Shown when this browser has not read the lesson yet (and on the server). */
  fallback?: { href: string; label: string };
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * "Continue: <section title>" when this browser has read part of the lesson, else the fallback.
 * The server renders the fallback; the saved place replaces it after hydration.
 */
export function ContinueLink({ course, lesson, className, fallback }: ContinueLinkProps) {
  const key = lastReadKey(course, lesson);
  const raw = useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
  const lastRead = parseLastRead(raw);

  if (lastRead) {
    // A full page load, not a client navigation, so the restored scroll position is not raced by the
    // router's own scroll-to-top.
    return (
      <a href={lastRead.href} className={className} onClick={() => requestResume(lastRead.href)}>
        Continue: {lastRead.title}
      </a>
    );
  }
  if (!fallback) return null;
  return (
    <a href={fallback.href} className={className}>
      {fallback.label}
    </a>
  );
}
