"use client";

import dynamic from "next/dynamic";
import type { ComponentProps } from "react";
import type { ResultsPanel } from "./results-panel";
import styles from "./exercise.module.css";

// The results (and their timeline chart) are needed only after the first Run: loaded when the
// browser is idle, or by the first Run or Submit, so they do not weigh on the page's first load.
//
// Once loaded, the page renders the component itself, not a lazy one: a lazy component suspends on
// its first render even when its code has long arrived, and React then holds the boundary's content
// back until 300 ms after its fallback showed. The first Run's verdict came about 300 ms after the
// judge had answered; the second, which did not suspend, came at once.

type Panel = typeof ResultsPanel;

let loaded: Panel | null = null;
let loading: Promise<Panel> | null = null;

/** Fetches the results pane's code once; a failed fetch is tried again by the next call. */
export function loadResultsPanel(): Promise<Panel> {
  loading ??= import("./results-panel").then(
    (module) => (loaded = module.ResultsPanel),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Where the code could not be fetched in time, the pane waits for it behind a placeholder. */
const ResultsPanelDynamic = dynamic(() => loadResultsPanel(), {
  loading: () => <p className={styles.muted}>Showing the results…</p>,
});

/** The results pane: the loaded component when its code is here, else one that fetches it. */
export function ResultsPane(props: ComponentProps<Panel>) {
  const Loaded = loaded;
  return Loaded ? <Loaded {...props} /> : <ResultsPanelDynamic {...props} />;
}
