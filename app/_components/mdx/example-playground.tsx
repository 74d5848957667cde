"use client";

import dynamic from "next/dynamic";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { dedentLines } from "@/lib/example-sandbox/output";
import type { ExampleRun } from "@/lib/example-sandbox/run-in-sandbox";
import styles from "./example.module.css";

const ExampleEditor = dynamic(() => import("./example-editor"), {
  ssr: false,
  loading: () => null,
});

export interface ExamplePlaygroundProps {
  id: string;
  /** The highlighted program, rendered at build time; null when the page shows only the output. */
  code: ReactNode;
  /** The output panel computed at build time. */
  output: ReactNode;
  /** Where to fetch the program's source when `code` is not on the page (show="output"). */
  sourceHref?: string;
}

type Shown =
  | { run: ExampleRun; wallMs: number }
  | { failure: string }
  /** "Edit and run" could not fetch the program (show="output"). */
  | { notOpened: string };

/**
 * "Edit and run" around one `<RunExample>`: the build-time program and output stay what the page
 * shows (and all it shows without JavaScript); on request the program opens in an editor and runs in
 * the browser's example worker, and "Reset" brings the original back.
 */
export function ExamplePlayground({ id, code, output, sourceHref }: ExamplePlaygroundProps) {
  const [original, setOriginal] = useState<string | undefined>(undefined);
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [shown, setShown] = useState<Shown | undefined>(undefined);
  const [running, setRunning] = useState(false);
  const [opening, setOpening] = useState(false);
  const codeRef = useRef<HTMLDivElement>(null);

  async function openEditor() {
    if (opening) return;
    // The program is on the page, highlighted: read it back rather than ship it twice. A program the
    // page shows only by its output is fetched now, not carried by every visit to the page.
    let text = original ?? codeRef.current?.querySelector("pre")?.textContent ?? undefined;
    if (text === undefined && sourceHref) {
      setOpening(true);
      try {
        text = await fetchSource(sourceHref);
      } catch (error) {
        setShown({ notOpened: error instanceof Error ? error.message : String(error) });
        return;
      } finally {
        setOpening(false);
      }
    }
    setShown(undefined);
    setOriginal(text ?? "");
    setDraft(text ?? "");
  }

  async function run() {
    if (draft === undefined || running) return;
    setRunning(true);
    try {
      const { runExampleInBrowser } = await import("./example-runner");
      setShown(await runExampleInBrowser(draft));
    } catch (error) {
      setShown({ failure: error instanceof Error ? error.message : String(error) });
    } finally {
      setRunning(false);
    }
  }

  function reset() {
    setDraft(original);
    setShown(undefined);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void run();
    }
  }

  const editing = draft !== undefined;
  const changed = editing && draft !== original;
  return (
    <div className={styles.example} data-example={id} onKeyDown={editing ? onKeyDown : undefined}>
      {code ? (
        <div ref={codeRef} className={styles.exampleCode} hidden={editing}>
          {code}
        </div>
      ) : null}
      {editing ? (
        <div className={styles.exampleEditor}>
          <ExampleEditor
            id={id}
            value={draft}
            onChange={setDraft}
            lines={draft.split("\n").length}
          />
        </div>
      ) : null}
      {/* In the server's HTML too, its button disabled until React runs: the bar's height is there
          from the first paint, so hydration moves nothing below it (a link to a heading lands on
          it). Without JavaScript the stylesheet hides it (scripting: none): no dead button. */}
      <div className={styles.exampleBar} role="group" aria-label={`examples/${id}.ts`}>
        {editing ? (
          <>
            <button
              type="button"
              className={styles.exampleButton}
              data-primary="true"
              onClick={() => void run()}
              disabled={running}
              aria-keyshortcuts="Control+Enter"
            >
              {running ? "Running…" : "Run"}
            </button>
            <button
              type="button"
              className={styles.exampleButton}
              onClick={reset}
              disabled={!changed && shown === undefined}
            >
              Reset
            </button>
            <span className={styles.exampleHint}>Ctrl+Enter runs</span>
          </>
        ) : (
          <button
            type="button"
            className={styles.exampleButton}
            onClick={() => void openEditor()}
            disabled={opening}
          >
            {opening ? "Opening…" : "Edit and run"}
            <span className="sr-only">{` examples/${id}.ts`}</span>
          </button>
        )}
        {/* Added, empty, once the learner opens the program, so that what it says next is
            announced; nothing is inserted while the page hydrates. */}
        {editing || opening || shown ? (
          <span className={styles.exampleStatus} role="status" aria-live="polite">
            {running ? "Running in your browser…" : statusOf(shown)}
          </span>
        ) : null}
      </div>
      {shown ? <LiveOutput shown={shown} /> : output}
    </div>
  );
}

async function fetchSource(href: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(href);
  } catch {
    throw new Error("the program could not be loaded: check your connection and try again");
  }
  if (!response.ok) {
    throw new Error(`the program could not be loaded (HTTP ${response.status}): try again`);
  }
  return response.text();
}

function statusOf(shown: Shown | undefined): string {
  if (!shown) return "";
  if ("notOpened" in shown) return "Could not open the program";
  if ("failure" in shown) return "Could not run";
  const ms = Math.max(1, Math.round(shown.wallMs));
  return shown.run.ok ? `Ran in ${ms} ms` : `Stopped after ${ms} ms`;
}

function LiveOutput({ shown }: { shown: Shown }) {
  if ("notOpened" in shown) {
    return (
      <div className={styles.output} role="alert">
        <p className={styles.outputCaption}>The program did not open</p>
        <p className={styles.outputError}>{capitalised(shown.notOpened)}.</p>
      </div>
    );
  }
  if ("failure" in shown) {
    return (
      <div className={styles.output} role="alert">
        <p className={styles.outputCaption}>Output — your version could not run</p>
        <p className={styles.outputError}>The in-browser sandbox failed: {shown.failure}</p>
      </div>
    );
  }
  const { run } = shown;
  const text = dedentLines(run.lines).join("\n");
  return (
    <figure className={styles.output} data-live="true">
      <figcaption className={styles.outputCaption}>
        Output — your version, run in your browser
      </figcaption>
      {text !== "" || run.ok ? (
        <pre className={styles.outputText} tabIndex={0}>
          <samp>{text === "" ? "(the program printed nothing)" : text}</samp>
        </pre>
      ) : null}
      {run.truncated ? <p className={styles.outputNote}>Output cut off: it was too long.</p> : null}
      {!run.ok ? (
        <p className={styles.outputError} role="alert">
          {run.error}
        </p>
      ) : null}
    </figure>
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
