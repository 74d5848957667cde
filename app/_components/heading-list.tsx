"use client";

import type { HeadingEntry } from "@/lib/content/rehype-heading-links";
import styles from "./lesson-toc.module.css";
import { useActiveHeading } from "./use-active-heading";

/** The current section's h2/h3 headings, with the one being read highlighted (scroll spy). */
export function HeadingList({ headings }: { headings: readonly HeadingEntry[] }) {
  const active = useActiveHeading(headings.map((heading) => heading.id));
  return (
    <ul className={styles.headings}>
      {headings.map((heading) => (
        <li key={heading.id} className={heading.depth === 3 ? styles.depth3 : undefined}>
          <a
            href={`#${heading.id}`}
            className={styles.headingLink}
            data-active={heading.id === active ? "true" : undefined}
          >
            {heading.text}
          </a>
        </li>
      ))}
    </ul>
  );
}
