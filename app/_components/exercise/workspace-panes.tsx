"use client";

import {
  useCallback,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { PaneSplitter } from "./pane-splitter";
import { COLUMNS, ROWS, splitRestoreScript } from "./pane-splits";
import styles from "./workspace.module.css";

/** The script that applies this device's remembered pane sizes; the page runs it before painting. */
export const panesRestoreScript = () => splitRestoreScript([COLUMNS, ROWS]);

export type PaneId = "prompt" | "code" | "results";

const TABS: readonly { id: PaneId; label: string }[] = [
  { id: "prompt", label: "Prompt" },
  { id: "code", label: "Code" },
  { id: "results", label: "Results" },
];

/** Below this width the panes stack behind tabs (the same breakpoint as workspace.module.css). */
export const NARROW_QUERY = "(max-width: 63.99rem)";

export interface WorkspacePanesProps {
  prompt: ReactNode;
  code: ReactNode;
  results: ReactNode;
  /** The pane shown on a narrow screen; every pane shows on a wide one. */
  tab: PaneId;
  onTab(tab: PaneId): void;
  /** A word beside the Results tab (the last verdict), so a phone shows it from any tab. */
  resultsBadge?: string;
}

/**
 * Prompt | (code / results) in resizable panes that fill the workspace, each scrolling on its own.
 * The sizes are CSS (custom properties, decision 295): the server HTML has the final layout, a
 * remembered split is applied as the page is parsed, and hydration moves nothing. On a narrow
 * screen the same three panes stack behind tabs: the switch is CSS too, so the server HTML suits
 * both and nothing remounts when a phone turns.
 */
export function WorkspacePanes({
  prompt,
  code,
  results,
  tab,
  onTab,
  resultsBadge,
}: WorkspacePanesProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const container = useRef<HTMLDivElement | null>(null);
  const tabRefs = useRef<Record<PaneId, HTMLButtonElement | null>>({
    prompt: null,
    code: null,
    results: null,
  });

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    const target = event.key === "Home" ? 0 : event.key === "End" ? TABS.length - 1 : index + step;
    if (target === index || (step === 0 && event.key !== "Home" && event.key !== "End")) return;
    event.preventDefault();
    const next = TABS[(target + TABS.length) % TABS.length]!.id;
    onTab(next);
    tabRefs.current[next]?.focus();
  };

  // Tab semantics only where the tabs are shown; on a wide screen the panes are plain regions.
  const paneProps = (id: PaneId, label: string) =>
    narrow
      ? { role: "tabpanel", id: `pane-${id}`, "aria-labelledby": `tab-${id}`, tabIndex: 0 }
      : { role: "region", id: `pane-${id}`, "aria-label": label };

  return (
    <div className={styles.panes}>
      <div role="tablist" aria-label="Workspace panes" className={styles.tabs}>
        {TABS.map((entry, index) => (
          <button
            key={entry.id}
            ref={(element) => {
              tabRefs.current[entry.id] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${entry.id}`}
            aria-selected={tab === entry.id}
            aria-controls={narrow ? `pane-${entry.id}` : undefined}
            tabIndex={tab === entry.id ? 0 : -1}
            className={styles.tab}
            onClick={() => onTab(entry.id)}
            onKeyDown={(event) => onTabKey(event, index)}
            data-testid={`tab-${entry.id}`}
          >
            {entry.label}
            {entry.id === "results" && resultsBadge ? (
              <span className={styles.tabBadge}>{resultsBadge}</span>
            ) : null}
          </button>
        ))}
      </div>
      <div
        ref={container}
        data-testid="exercise-columns"
        data-workspace-columns=""
        className={styles.columns}
      >
        <div
          id="ws-prompt"
          data-testid="panel-prompt"
          className={styles.promptPanel}
          data-pane="prompt"
          data-active={tab === "prompt"}
        >
          <div className={styles.paneScroll}>
            <div
              {...paneProps("prompt", "Prompt")}
              className={styles.paneBody}
              data-testid="pane-prompt"
            >
              {prompt}
            </div>
          </div>
        </div>
        <PaneSplitter
          split={COLUMNS}
          container={container}
          controls="ws-prompt"
          className={styles.separator}
          label="Resize the prompt and the code"
        />
        <div id="ws-work" data-testid="panel-work" className={styles.workPanel} data-pane="work">
          <div data-testid="exercise-rows" className={styles.rows}>
            <div
              id="ws-code"
              data-testid="panel-code"
              className={styles.codePanel}
              data-pane="code"
              data-active={tab === "code"}
            >
              <div
                {...paneProps("code", "Code")}
                className={styles.codeBody}
                data-testid="pane-code"
              >
                {code}
              </div>
            </div>
            <PaneSplitter
              split={ROWS}
              container={container}
              controls="ws-code"
              className={styles.separator}
              label="Resize the code and the results"
            />
            <div
              id="ws-results"
              data-testid="panel-results"
              className={styles.resultsPanel}
              data-pane="results"
              data-active={tab === "results"}
            >
              <div className={styles.paneScroll}>
                <div
                  {...paneProps("results", "Results")}
                  className={styles.paneBody}
                  data-testid="pane-results"
                >
                  {results}
                </div>
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

/** matchMedia as React state; false on the server and in the first client render. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    useCallback(
      (onChange: () => void) => {
        const list = window.matchMedia(query);
        list.addEventListener("change", onChange);
        return () => list.removeEventListener("change", onChange);
      },
      [query],
    ),
    () => window.matchMedia(query).matches,
    () => false,
  );
}
