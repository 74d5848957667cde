"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { readStored, writeStored } from "../browser-storage";
import { Markdown } from "../cards/inline-markdown";
import { CodeEditor } from "../exercise/code-editor";
import type { EditorHandle } from "../exercise/monaco-editor";
import { ResultsPanel } from "../exercise/results-panel";
import { OutcomeView } from "./outcome-view";
import { fetchJudgeTypes, postFix, type FixResponse } from "./trap-client";
import type { TrapWorkspaceProps } from "./trap-workspace";
import buttons from "../buttons.module.css";
import styles from "./traps.module.css";

function draftKey(props: { course: string; lesson: string; id: string }) {
  return `tradeoff:trap:${props.course}/${props.lesson}/${props.id}`;
}

/**
 * "Fix it": the snippet in the exercise page's editor, judged on the server by the trap's tests, and
 * the scenario replayed against the fix. Ctrl+Enter checks. The draft stays in this browser.
 */
export function TrapFix(props: TrapWorkspaceProps & { onAccepted: () => void }) {
  const { course, lesson, id, snippet, task, onAccepted } = props;
  const key = draftKey(props);
  const [code, setCode] = useState(() => readStored(key) ?? snippet);
  // null until the "judge" declarations are here: Monaco reads them once, when it mounts.
  const [types, setTypes] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [response, setResponse] = useState<{ value: FixResponse; code: string } | null>(null);
  const editor = useRef<EditorHandle | null>(null);
  const results = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void fetchJudgeTypes().then((text) => {
      if (live) setTypes(text);
    });
    return () => {
      live = false;
    };
  }, []);

  function change(next: string) {
    setCode(next);
    // Without storage the draft lasts as long as the page.
    writeStored(key, next === snippet ? null : next);
  }

  async function check() {
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome = await postFix(course, lesson, id, code);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setResponse({ value: outcome.value, code });
    if (outcome.value.accepted) onAccepted();
    requestAnimationFrame(() => results.current?.scrollIntoView({ block: "nearest" }));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void check();
    }
  }

  const doc = response?.value.results;
  return (
    <div className={styles.fix} onKeyDown={onKeyDown} data-testid="trap-fix">
      <div className={styles.task}>
        <p className={styles.eyebrow}>Fix it</p>
        <Markdown text={task} />
      </div>
      {types !== null ? (
        <CodeEditor
          value={code}
          onChange={change}
          path={`file:///traps/${id}/solution.ts`}
          label={`Your fix for the trap (TypeScript)`}
          height="24rem"
          typeDeclarations={types || undefined}
          compileErrors={response && response.code === code ? doc?.compileErrors : undefined}
          onReady={(handle) => {
            editor.current = handle;
          }}
        />
      ) : (
        <pre className={styles.editorPlaceholder} aria-busy="true">
          {code}
        </pre>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={buttons.primary}
          onClick={() => void check()}
          disabled={busy}
        >
          {busy ? "Judging…" : "Check my fix"}
        </button>
        <button
          type="button"
          className={buttons.secondary}
          onClick={() => change(snippet)}
          disabled={busy || code === snippet}
        >
          Start again from the snippet
        </button>
        <span className={styles.hint}>Ctrl+Enter checks.</span>
      </div>
      {error && (
        <p className={styles.problem} role="alert">
          {error}
        </p>
      )}
      {response && doc && (
        <div ref={results} className={styles.fixResults} data-testid="fix-results">
          <p
            className={response.value.accepted ? styles.right : styles.wrong}
            role="status"
            data-testid="fix-verdict"
            data-accepted={response.value.accepted}
          >
            {response.value.accepted
              ? "Fixed: every test passes, and the scenario now comes out right."
              : "Not fixed yet: see which tests fail below."}
          </p>
          <ResultsPanel
            results={doc}
            onGoTo={(line, column) => editor.current?.goTo(line, column)}
          />
          <OutcomeView run={response.value.run} caption="The scenario, run against your fix" />
          {response.value.reference && (
            <details className={styles.reference}>
              <summary>Compare with the reference fix</summary>
              <pre>
                <code>{response.value.reference}</code>
              </pre>
            </details>
          )}
        </div>
      )}
    </div>
  );
}
