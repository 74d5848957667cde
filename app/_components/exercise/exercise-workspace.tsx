"use client";

import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { JudgeLimits } from "@/lib/judge/core/types";
import type { ResultsDocument } from "@/lib/judge/results";
import { CodeEditor } from "./code-editor";
import { ConfirmDialog } from "./confirm-dialog";
import { Hints } from "./hints";
import type { EditorHandle } from "./monaco-editor";
import { ResultsPanel } from "./results-panel";
import { SolutionPanel } from "./solution-panel";
import { Toolbar } from "./toolbar";
import { useDraft } from "./use-draft";
import { useJudging } from "./use-judging";
import { useSolved } from "./use-solved";
import styles from "./exercise.module.css";

export interface ExerciseWorkspaceProps {
  course: string;
  lesson: string;
  exerciseId: string;
  starter: string;
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

/** The interactive half of an exercise page: editor, Run, Submit, results, hints, solution. */
export function ExerciseWorkspace({
  course,
  lesson,
  exerciseId,
  starter,
  visibleTests,
  hints,
  prompt,
  testsView,
  typeDeclarations,
  limits,
}: ExerciseWorkspaceProps) {
  const draft = useDraft(exerciseId, starter);
  const { solved, markSolved } = useSolved(course, lesson, exerciseId);
  const [results, setResults] = useState<{ doc: ResultsDocument; key: number } | null>(null);
  // Compile errors are shown as markers only while the code is the code they were found in.
  const [markersFor, setMarkersFor] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const editor = useRef<EditorHandle | null>(null);
  const resultsSlot = useRef<HTMLDivElement>(null);

  const showResults = useCallback(
    (doc: ResultsDocument, code: string) => {
      setResults((previous) => ({ doc, key: (previous?.key ?? 0) + 1 }));
      setMarkersFor(doc.compileErrors?.length ? code : null);
      if (doc.mode === "submit" && doc.verdict === "accepted") markSolved();
      // Bring the verdict into view without taking focus from the editor.
      resultsSlot.current?.scrollIntoView({ block: "nearest" });
    },
    [markSolved],
  );

  const judging = useJudging({
    exerciseId,
    visibleTests,
    limits,
    currentCode: draft.current,
    flush: draft.flush,
    onResults: showResults,
  });

  // Ctrl/Cmd+Enter runs, Ctrl/Cmd+Shift+Enter submits, wherever focus is (Monaco included: the
  // capture phase sees the key before the editor would insert a line).
  const shortcuts = useRef({ run: judging.run, submit: judging.submit });
  useEffect(() => {
    shortcuts.current = { run: judging.run, submit: judging.submit };
  }, [judging.run, judging.submit]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      event.stopPropagation();
      void (event.shiftKey ? shortcuts.current.submit() : shortcuts.current.run());
    };
    window.addEventListener("keydown", onKeyDown, { capture: true });
    return () => window.removeEventListener("keydown", onKeyDown, { capture: true });
  }, []);

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

  return (
    <div className={styles.workspace}>
      <div className={styles.promptColumn}>
        <div className={styles.prompt}>{prompt}</div>
        <Hints exerciseId={exerciseId} hints={hints} />
        {testsView}
      </div>
      <div className={styles.workColumn}>
        <div data-testid="editor">
          <CodeEditor
            value={draft.code}
            onChange={draft.setCode}
            path={`file:///exercises/${exerciseId}/solution.ts`}
            label="Your solution"
            typeDeclarations={typeDeclarations}
            compileErrors={compileErrors}
            onReady={(handle) => {
              editor.current = handle;
            }}
          />
        </div>
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
        <Toolbar
          busy={judging.busy}
          testsDone={judging.testsDone}
          notice={judging.notice}
          retryIn={judging.retryIn}
          quota={judging.quota}
          onRun={() => void judging.run()}
          onSubmit={() => void judging.submit()}
          onReset={() => setConfirmReset(true)}
        />
        <div ref={resultsSlot} className={styles.resultsSlot}>
          {results ? (
            <ResultsPanel
              key={results.key}
              results={results.doc}
              onGoTo={(line, column) => editor.current?.goTo(line, column)}
            />
          ) : (
            <p className={styles.muted}>
              Run checks your code against the visible tests in your browser. Submit judges the full
              suite, hidden tests included, on the server.
            </p>
          )}
        </div>
        <SolutionPanel exerciseId={exerciseId} solved={solved} />
      </div>
      <ConfirmDialog
        open={confirmReset}
        title="Reset to the starter code?"
        confirmLabel="Reset"
        onCancel={() => setConfirmReset(false)}
        onConfirm={reset}
      >
        <p>Your current code will be replaced by the starter code.</p>
      </ConfirmDialog>
    </div>
  );
}
