import { useEffect, useState } from "react";

/**
 * The id of the heading the reader is in: the last one whose top has passed a line 30% down the
 * viewport. The IntersectionObserver only says *when* a heading crosses that line; the answer is then
 * read from the headings' positions, which stays right after jumps (anchor links, Page Down).
 */
export function useActiveHeading(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string>();
  const idList = ids.join(" ");

  useEffect(() => {
    const headings = idList
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    if (headings.length === 0) return;

    const pick = () => {
      const line = window.innerHeight * 0.3;
      let current: string | undefined;
      for (const heading of headings) {
        if (heading.getBoundingClientRect().top > line) break;
        current = heading.id;
      }
      const atBottom =
        window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setActive(atBottom ? headings.at(-1)?.id : current);
    };
    const observer = new IntersectionObserver(pick, { rootMargin: "0px 0px -70% 0px" });
    for (const heading of headings) observer.observe(heading);
    window.addEventListener("scrollend", pick);
    return () => {
      observer.disconnect();
      window.removeEventListener("scrollend", pick);
    };
  }, [idList]);

  return active;
}
