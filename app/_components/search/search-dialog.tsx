"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import type { SearchGroup } from "@/lib/search/search-index";
import styles from "./search.module.css";

type Searcher = (query: string) => SearchGroup[];

type IndexState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; search: Searcher }
  | { status: "error" };

// The index and MiniSearch arrive together the first time search opens (or "/" is pressed): no
// cost on the page's first load, and no request per keystroke after that.
let loading: Promise<Searcher> | null = null;
function loadSearcher(): Promise<Searcher> {
  loading ??= Promise.all([
    import("@/lib/search/search-index"),
    fetch("/search-index.json").then((response) => {
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return response.text();
    }),
  ])
    .then(([lib, json]) => {
      const index = lib.loadSearchIndex(json);
      return (query: string) => lib.searchSite(index, query);
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

const kindLabels = {
  lesson: "Lesson",
  section: "Section",
  exercise: "Exercise",
  trap: "Trap",
  card: "Card",
} as const;

/**
 * The search dialog, loaded the first time search opens (site-search.tsx): results are grouped by
 * lesson, each with the passage that matched; ↑/↓ move through them and Enter opens one. Each new
 * `request` (a click on the header's button or "/") opens it.
 */
export function SearchDialog({ request }: { request: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const router = useRouter();
  const listId = useId();
  const [index, setIndex] = useState<IndexState>({ status: "idle" });
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);

  const open = () => {
    if (!dialog.current?.open) dialog.current?.showModal();
    input.current?.select();
    if (index.status === "idle" || index.status === "error") {
      setIndex({ status: "loading" });
      loadSearcher().then(
        (search) => setIndex({ status: "ready", search }),
        () => setIndex({ status: "error" }),
      );
    }
  };
  const openNow = useRef(open);
  useEffect(() => {
    openNow.current = open;
  });
  useEffect(() => {
    if (request > 0) openNow.current();
  }, [request]);

  const groups = index.status === "ready" ? index.search(query) : [];
  const hits = groups.flatMap((group) => group.hits);
  const current = Math.min(active, Math.max(0, hits.length - 1));

  const go = (href: string) => {
    dialog.current?.close();
    router.push(href);
  };

  const onInputKey = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      const next = (current + step + hits.length) % hits.length;
      setActive(next);
      document.getElementById(`${listId}-${next}`)?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Escape") {
      // A search field's own Escape only clears it; here Escape means "close", as everywhere else.
      event.preventDefault();
      dialog.current?.close();
    } else if (event.key === "Enter") {
      const hit = hits[current];
      if (hit) {
        event.preventDefault();
        go(hit.href);
      }
    }
  };

  let position = -1;
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label="Search the course"
      onClose={() => setActive(0)}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
      }}
      data-testid="search-dialog"
    >
      <div className={styles.box}>
        <input
          ref={input}
          type="search"
          className={styles.input}
          placeholder="Search lessons, sections, exercises, traps, cards"
          aria-label="Search"
          role="combobox"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={hits.length > 0 ? `${listId}-${current}` : undefined}
          aria-autocomplete="list"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onInputKey}
          data-testid="search-input"
        />
        <button type="button" className={styles.close} onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <p className={styles.status} role="status" data-testid="search-status">
        {index.status === "loading"
          ? "Loading the search index…"
          : index.status === "error"
            ? "The search index could not be loaded. Close and try again."
            : query.trim().length < 2
              ? "Type at least two letters. ↑ ↓ move, Enter opens, Esc closes."
              : hits.length === 0
                ? `Nothing matches “${query.trim()}”.`
                : `${hits.length} result${hits.length === 1 ? "" : "s"} in ${groups.length} lesson${groups.length === 1 ? "" : "s"}.`}
      </p>
      <div id={listId} role="listbox" aria-label="Results" className={styles.results}>
        {groups.map((group) => (
          <div key={group.lessonHref} role="group" aria-label={group.lesson}>
            <p className={styles.groupTitle} aria-hidden="true">
              {group.lesson}
            </p>
            {group.hits.map((hit) => {
              position++;
              const mine = position;
              return (
                <a
                  key={hit.id}
                  id={`${listId}-${mine}`}
                  role="option"
                  aria-selected={mine === current}
                  href={hit.href}
                  className={styles.hit}
                  tabIndex={-1}
                  onMouseMove={() => setActive(mine)}
                  onClick={(event) => {
                    event.preventDefault();
                    go(hit.href);
                  }}
                  data-testid="search-hit"
                >
                  <span className={styles.hitTitle}>
                    <span className={styles.kind}>{kindLabels[hit.kind]}</span> {hit.title}
                  </span>
                  <span className={styles.passage}>
                    <Passage text={hit.passage.text} marks={hit.passage.marks} />
                  </span>
                </a>
              );
            })}
          </div>
        ))}
      </div>
    </dialog>
  );
}

function Passage({ text, marks }: { text: string; marks: [number, number][] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  marks.forEach(([start, end], i) => {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={i}>{text.slice(start, end)}</mark>);
    at = end;
  });
  parts.push(text.slice(at));
  return <>{parts}</>;
}
