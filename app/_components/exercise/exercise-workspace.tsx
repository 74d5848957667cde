"use client";

import dynamic from "next/dynamic";
import {
  Suspense,
  lazy,
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from "react";
import type { JudgeLimits } from "@/lib/judge/core/types";
import type { ResultsDocument } from "@/lib/judge/results";
import { CodeEditor } from "./code-editor";
import { ResultsPane, loadResultsPanel } from "./results-panel-lazy";
import { draftRestoreScript } from "./draft-store";
import type { EditorHandle } from "./monaco-editor";
import { SolutionPanelLazy } from "./solution-panel-lazy";
import { JudgeStatus, Toolbar } from "./toolbar";
import { useDraft } from "./use-draft";
import { useEditorPrefs } from "./use-editor-prefs";
import { FRAME_TOP_SCRIPT, useFrameTop, useJudgeShortcuts } from "./use-workspace-frame";
import { useJudging } from "./use-judging";
import {
  NARROW_QUERY,
  WorkspacePanes,
  panesRestoreScript,
  useMediaQuery,
  type PaneId,
} from "./workspace-panes";
import styles from "./exercise.module.css";
import frame from "./workspace.module.css";

// The hints and the editor's settings are rendered by the server as usual, but their code is not in
// the page's first load: the browser fetches it while hydrating and hydrates them when it arrives.
// Each sits in a memoised boundary whose props never change before then: an update reaching a
// boundary still waiting for its code would make React drop the server's HTML and render it anew.
const Hints = lazy(() => import("./hints").then((m) => ({ default: m.Hints })));
const EditorSettings = lazy(() =>
  import("./editor-settings").then((m) => ({ default: m.EditorSettings })),
);
const LateHints = memo(function LateHints(props: ComponentProps<typeof Hints>) {
  return (
    <Suspense>
      <Hints {...props} />
    </Suspense>
  );
});
const LateEditorSettings = memo(function LateEditorSettings(
  props: ComponentProps<typeof EditorSettings>,
) {
  return (
    <Suspense>
      <EditorSettings {...props} />
    </Suspense>
  );
});
// The reset confirmation is created on the first Reset, not with the page.
const ConfirmDialog = dynamic(() => import("./confirm-dialog").then((m) => m.ConfirmDialog), {
  ssr: false,
});

export interface ExerciseWorkspaceProps {
  course: string;
  lesson: string;
  exerciseId: string;
  /** The exercise's title, shown in focus mode (the page's heading is hidden then). */
  title: string;
  starter: string;
  /** The starter highlighted at build time, shown (and editable) before Monaco has loaded. */
  starterHtml?: string;
  /** Source of the visible tests only; the hidden suite never reaches the browser. */
  visibleTests: string;
  hints: readonly string[];
  /** The rendered README.mdx prompt (server components). */
  prompt: ReactNode;
  /** The visible tests, rendered for reading. */
  testsView?: ReactNode;
  /** Declarations of the sandbox's "judge" module (lib/judge/judge-module.d.ts). */
  typeDeclarations?: string;
  /** The exercise's judge limits, applied to Run as Submit applies them. */
  limits?: Partial<JudgeLimits>;
}

/** The interactive half of an exercise page: the panes, editor, Run, Submit, results, hints. */
export function ExerciseWorkspace({
  course,
  lesson,
  exerciseId,
  title,
  starter,
  starterHtml,
  visibleTests,
  hints,
  prompt,
  testsView,
  typeDeclarations,
  limits,
}: ExerciseWorkspaceProps) {
  const draft = useDraft(exerciseId, starter);
  // Whether solved before this view is the solution panel's business (use-solved.ts).
  const [solvedHere, setSolvedHere] = useState(false);
  const [results, setResults] = useState<{ doc: ResultsDocument; key: number } | null>(null);
  // Compile errors are shown as markers only while the code is the code they were found in.
  const [markersFor, setMarkersFor] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  // Kept once created: closing the <dialog> (not unmounting it) returns focus to Reset.
  const [resetDialog, setResetDialog] = useState(false);
  const [tab, setTab] = useState<PaneId>("prompt");
  const [prefs] = useEditorPrefs();
  const narrow = useMediaQuery(NARROW_QUERY);
  // Focus mode's own behaviour (Esc, the page not scrolling) is the settings', which turn it on.
  const [focus, setFocus] = useState(false);
  const frameRef = useFrameTop();
  const editor = useRef<EditorHandle | null>(null);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(() => void loadResultsPanel().catch(() => {}));
  }, []);

  const showResults = useCallback(
    (doc: ResultsDocument, code: string) => {
      const show = () => {
        setResults((previous) => ({ doc, key: (previous?.key ?? 0) + 1 }));
        setMarkersFor(doc.compileErrors?.length ? code : null);
        if (doc.mode === "submit" && doc.verdict === "accepted") setSolvedHere(true);
        // On a phone the results are behind their tab: open it. On a laptop they have their pane.
        if (narrow) setTab("results");
      };
      // With the pane's code here, the results render at once (results-panel-lazy.tsx).
      void loadResultsPanel().then(show, show);
    },
    [narrow],
  );

  const judging = useJudging({
    exerciseId,
    visibleTests,
    limits,
    warmUpCode: starter,
    currentCode: draft.current,
    flush: draft.flush,
    onResults: showResults,
  });
  // The results pane's code is fetched alongside the first job, not after it.
  const prefetched =
    <T,>(act: () => T) =>
    () => {
      void loadResultsPanel().catch(() => {});
      return act();
    };
  const run = prefetched(judging.run);
  const submit = prefetched(judging.submit);
  useJudgeShortcuts(run, submit);

  const { setNotice } = judging;
  const reset = () => {
    setConfirmReset(false);
    draft.setCode(starter);
    setMarkersFor(null);
    setNotice({ tone: "info", text: "Your code was replaced with the starter." });
    editor.current?.focus();
  };

  const compileErrors =
    results && markersFor !== null && markersFor === draft.code
      ? results.doc.compileErrors
      : undefined;

  const code = (
    <>
      <div className={frame.bar}>
        <Toolbar
          busy={judging.busy}
          retryIn={judging.retryIn}
          onRun={() => void run()}
          onSubmit={() => void submit()}
          onReset={() => {
            setResetDialog(true);
            setConfirmReset(true);
          }}
        />
        <LateEditorSettings focus={focus} onFocusChange={setFocus} />
      </div>
      <div className={frame.editorSlot} data-testid="editor">
        <CodeEditor
          value={draft.code}
          onChange={draft.setCode}
          highlightedHtml={starterHtml}
          // One script, after the code: this device's draft, pane sizes and the frame's height,
          // all before the first paint. The first inline script of a page is where the browser
          // paints first, so it comes after the prompt and the code, not before them (decision
          // 520). It runs only from the server's HTML: React neither compares nor rewrites a
          // script's text when hydrating, so the browser's bundle does not carry it.
          beforeHydration={
            typeof window === "undefined"
              ? [draftRestoreScript(exerciseId), panesRestoreScript(), FRAME_TOP_SCRIPT].join(";")
              : ""
          }
          path={`file:///exercises/${exerciseId}/solution.ts`}
          label="Your solution"
          height="100%"
          typeDeclarations={typeDeclarations}
          compileErrors={compileErrors}
          wordWrap={prefs.wordWrap}
          fontSize={prefs.fontSize}
          onReady={(handle) => {
            editor.current = handle;
          }}
        />
      </div>
    </>
  );

  const resultsPane = (
    <>
      <JudgeStatus
        busy={judging.busy}
        testsDone={judging.testsDone}
        notice={judging.notice}
        retryIn={judging.retryIn}
        quota={judging.quota}
        keyboardOnlyClass={frame.keyboardOnly}
      />
      <p className={styles.saveNote} data-testid="draft-note">
        {draft.source === "local"
          ? "Restored your draft from this device. "
          : draft.source === "server"
            ? "Restored your saved draft. "
            : ""}
        {draft.serverSync === "on"
          ? "Your code is saved as you type, here and to your progress."
          : "Your code is saved in this browser as you type."}
      </p>

      {results ? (
        <ResultsPane
          key={results.key}
          results={results.doc}
          onGoTo={(line, column) => {
            if (narrow) setTab("code");
            editor.current?.goTo(line, column);
          }}
        />
      ) : (
        <p className={styles.muted} data-testid="results-empty">
          No results yet. Run checks your code against the visible tests in your browser; Submit
          judges the full suite, hidden tests included, on the server.
        </p>
      )}
    </>
  );

  return (
    <div
      ref={frameRef}
      className={`${frame.frame} ${styles.workspace}`}
      data-focus={focus}
      data-testid="workspace"
      data-workspace-frame=""
    >
      {focus && (
        <div className={frame.focusBar}>
          <p>{title}</p>
          <button type="button" className={frame.toggle} onClick={() => setFocus(false)}>
            Exit focus mode <span className={frame.keyboardOnly}>(Esc)</span>
          </button>
        </div>
      )}
      <WorkspacePanes
        tab={tab}
        onTab={setTab}
        resultsBadge={
          results ? (results.doc.verdict === "accepted" ? "passed" : "failed") : undefined
        }
        prompt={
          <>
            <div className={styles.prompt}>{prompt}</div>
            <LateHints exerciseId={exerciseId} hints={hints} />
            {testsView}
            <SolutionPanelLazy
              course={course}
              lesson={lesson}
              exerciseId={exerciseId}
              solvedHere={solvedHere}
            />
          </>
        }
        code={code}
        results={resultsPane}
      />
      {resetDialog && (
        <ConfirmDialog
          open={confirmReset}
          title="Reset to the starter code?"
          confirmLabel="Reset"
          onCancel={() => setConfirmReset(false)}
          onConfirm={reset}
        >
          <p>Your current code will be replaced by the starter code.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
