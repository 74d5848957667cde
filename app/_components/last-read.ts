// Where the reader was in each lesson, kept in this browser's localStorage (server-side progress is a
// separate feature). One small record per lesson; nothing here is trusted beyond its shape.

import { readStored, writeStored } from "./browser-storage";

export interface LastRead {
  section: string;
  title: string;
  href: string;
  scrollY: number;
}

const resumeFlag = "tradeoff:resume";

export function lastReadKey(course: string, lesson: string): string {
  return `tradeoff:last-read:v1:${course}/${lesson}`;
}

export function parseLastRead(raw: string | null): LastRead | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LastRead>;
    if (
      typeof value.section === "string" &&
      typeof value.title === "string" &&
      typeof value.href === "string" &&
      value.href.startsWith("/courses/") &&
      typeof value.scrollY === "number"
    ) {
      return value as LastRead;
    }
  } catch {
    // A corrupt entry is the same as none.
  }
  return null;
}

export function readLastRead(key: string): LastRead | null {
  return parseLastRead(readStored(key));
}

export function writeLastRead(key: string, value: LastRead): void {
  // Storage full or disabled: resuming is a convenience, not worth an error.
  writeStored(key, JSON.stringify(value));
}

/** Set by a "Continue" link so the section page it opens restores the saved scroll position. */
export function requestResume(href: string): void {
  try {
    window.sessionStorage.setItem(resumeFlag, href);
  } catch {
    // see writeLastRead
  }
}

/** True once, on the page a "Continue" link just opened. */
export function takeResumeRequest(href: string): boolean {
  try {
    if (window.sessionStorage.getItem(resumeFlag) !== href) return false;
    window.sessionStorage.removeItem(resumeFlag);
    return true;
  } catch {
    return false;
  }
}
