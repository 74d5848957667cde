"use client";

import type { SectionRef } from "@/lib/progress/schemas";
import { useEffect, useRef, useState } from "react";
import { markRead, useLessonProgress } from "./lesson-progress-store";
import styles from "./progress.module.css";

/**
 * Placed at the end of a section: when it scrolls into view the section counts as read. The
 * "Mark as read" button does the same for a reader who skims, or without IntersectionObserver.
 */
export function SectionReadTracker({ course, lesson, section }: SectionRef) {
  const { sectionsRead } = useLessonProgress(course, lesson);
  const read = sectionsRead.has(section);
  const sentinel = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const element = sentinel.current;
    if (read || !element || typeof IntersectionObserver === "undefined") return;
    let sent = false;
    const observer = new IntersectionObserver((entries) => {
      if (sent || !entries.some((entry) => entry.isIntersecting)) return;
      sent = true;
      observer.disconnect();
      void markRead(course, lesson, section).then((ok) => setFailed(!ok));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [course, lesson, section, read]);

  const onClick = async () => {
    setSending(true);
    try {
      setFailed(!(await markRead(course, lesson, section)));
    } catch {
      setFailed(true); // no answer at all: offline or the server is down
    } finally {
      setSending(false);
    }
  };

  return (
    <div ref={sentinel} className={styles.tracker} data-testid="section-end">
      {read ? (
        <p className={styles.readNote} role="status">
          <span aria-hidden="true">✓ </span>Section read
        </p>
      ) : (
        <button
          type="button"
          className={styles.button}
          onClick={() => void onClick()}
          disabled={sending}
        >
          Mark as read
        </button>
      )}
      {failed ? <p role="alert">Could not save your progress. It will be retried.</p> : null}
    </div>
  );
}
