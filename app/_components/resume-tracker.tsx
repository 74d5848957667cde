"use client";

import { useEffect } from "react";
import { inNextTask } from "./in-next-task";
import { lastReadKey, readLastRead, takeResumeRequest, writeLastRead } from "./last-read";
import { revealAllLessonParts } from "./lesson-parts-reveal";

interface ResumeTrackerProps {
  course: string;
  lesson: string;
  section: string;
  title: string;
  href: string;
}

/** Remembers this section (and how far down it the reader is) as the lesson's place to resume. */
export function ResumeTracker({ course, lesson, section, title, href }: ResumeTrackerProps) {
  useEffect(() => {
    const key = lastReadKey(course, lesson);
    if (takeResumeRequest(href) && !window.location.hash) {
      const saved = readLastRead(key);
      if (saved?.section === section) {
        // The offset was saved on the page laid out in full: lay out the parts still waiting first.
        revealAllLessonParts();
        window.scrollTo({ top: saved.scrollY, behavior: "instant" });
      }
    }
    const save = () =>
      writeLastRead(key, { section, title, href, scrollY: Math.round(window.scrollY) });
    // The first save (a page's first localStorage write) not in the task that hydrates the page.
    const cancelFirstSave = inNextTask(save);
    let timer: ReturnType<typeof setTimeout> | undefined;

    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(save, 200);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", save);
    return () => {
      // A pending save would record the next page's scroll position under this section.
      cancelFirstSave();
      clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", save);
    };
  }, [course, lesson, section, title, href]);

  return null;
}
