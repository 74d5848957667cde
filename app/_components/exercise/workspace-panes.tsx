"use client";

import {
  useCallback,
  useEffect,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import {
  Group,
  Panel,
  Separator,
  useGroupRef,
  type GroupImperativeHandle,
  type Layout,
  type LayoutChangedMeta,
} from "react-resizable-panels";
import { parsePaneLayout } from "@/lib/workspace/prefs";
import styles from "./workspace.module.css";

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
 * Prompt | (code / results) in resizable panes (react-resizable-panels, decision 130) that fill the
 * workspace, each scrolling on its own. On a narrow screen the same three panes stack behind tabs:
 * the switch is CSS, so the server HTML suits both and nothing remounts when a phone turns.
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
  const columns = useRememberedLayout("columns", ["ws-prompt", "ws-work"]);
  const rows = useRememberedLayout("rows", ["ws-code", "ws-results"]);
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
      <Group
        orientation="horizontal"
        id="exercise-columns"
        data-testid="exercise-columns"
        className={styles.columns}
        groupRef={columns.ref}
        onLayoutChanged={columns.save}
      >
        <Panel
          id="ws-prompt"
          data-testid="panel-prompt"
          defaultSize="40%"
          minSize="18%"
          className={styles.paneScroll}
          data-pane="prompt"
          data-active={tab === "prompt"}
        >
          <div
            {...paneProps("prompt", "Prompt")}
            className={styles.paneBody}
            data-testid="pane-prompt"
          >
            {prompt}
          </div>
        </Panel>
        <Separator className={styles.separator} aria-label="Resize the prompt and the code" />
        <Panel
          id="ws-work"
          data-testid="panel-work"
          minSize="32%"
          className={styles.workPanel}
          data-pane="work"
        >
          <Group
            orientation="vertical"
            id="exercise-rows"
            data-testid="exercise-rows"
            className={styles.rows}
            groupRef={rows.ref}
            onLayoutChanged={rows.save}
          >
            <Panel
              id="ws-code"
              data-testid="panel-code"
              defaultSize="80%"
              minSize="25%"
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
            </Panel>
            <Separator className={styles.separator} aria-label="Resize the code and the results" />
            <Panel
              id="ws-results"
              data-testid="panel-results"
              defaultSize="20%"
              minSize="8%"
              className={styles.paneScroll}
              data-pane="results"
              data-active={tab === "results"}
            >
              <div
                {...paneProps("results", "Results")}
                className={styles.paneBody}
                data-testid="pane-results"
              >
                {results}
              </div>
            </Panel>
          </Group>
        </Panel>
      </Group>
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

// Panels carry explicit ids and data-testids: the library otherwise copies the id into the
// data-testid, where "results" would collide with the results panel's own.
const layoutKey = (group: string) => `tradeoff:workspace:layout:${group}`;

/**
 * The split a learner dragged to, restored on the next visit. Restored after mount (the server
 * cannot know it) and saved only after the learner's own drags, not after window resizes.
 */
function useRememberedLayout(group: string, ids: readonly string[]) {
  const ref = useGroupRef();
  const idsKey = ids.join(",");
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(layoutKey(group));
    } catch {
      return;
    }
    const layout = parsePaneLayout(stored, idsKey.split(","));
    if (layout) (ref.current as GroupImperativeHandle | null)?.setLayout(layout);
  }, [group, idsKey, ref]);

  const save = useCallback(
    (layout: Layout, meta: LayoutChangedMeta) => {
      if (!meta.isUserInteraction) return;
      try {
        window.localStorage.setItem(layoutKey(group), JSON.stringify(layout));
      } catch {
        // Remembered for this page view only.
      }
    },
    [group],
  );
  return { ref, save };
}
