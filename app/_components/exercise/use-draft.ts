"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { DraftSync } from "./draft-server";
import {
  chooseInitialCode,
  readLocalDraft,
  writeLocalDraft,
  type DraftSource,
} from "./draft-store";

// The server's copy is fetched after hydration, so its client (and what is done with its answers)
// is too; kept once loaded, so a save on pagehide starts its request in the same task.
type DraftServer = typeof import("./draft-server");
let draftServer: DraftServer | null = null;
const loadDraftServer = async (): Promise<DraftServer> =>
  (draftServer ??= await import("./draft-server"));

const LOCAL_DELAY_MS = 300;
const SERVER_DELAY_MS = 1500;

export interface Draft {
  code: string;
  /** Where the code shown came from when the page opened. */
  source: DraftSource;
  /** Whether the server draft API answered (false until known, and when it does not exist). */
  serverSync: "unknown" | "on" | "off";
  setCode(code: string): void;
  /** The latest code, including keystrokes React has not rendered yet. */
  current(): string;
  /** Saves now (before a Submit, or when the page is hidden). */
  flush(): void;
}

/**
 * The exercise's code with its autosave: localStorage ~300 ms after the last keystroke, the server
 * draft API ~1.5 s after, both flushed at once when the tab is hidden or closed.
 */
export function useDraft(exerciseId: string, starter: string): Draft {
  const [code, setCodeState] = useState(starter);
  const [source, setSource] = useState<DraftSource>("starter");
  const [serverSync, setServerSync] = useState<Draft["serverSync"]>("unknown");
  // What the saves and the restore share with draft-server.ts, which completes them.
  const sync = useRef<DraftSync>({
    latest: code,
    edited: false,
    off: false,
    saved: { local: null, server: null },
  });
  const localTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const serverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const saveLocal = useCallback(
    (value: string) => {
      clearTimeout(localTimer.current);
      const { saved } = sync.current;
      if (saved.local === value) return;
      saved.local = value;
      writeLocalDraft(exerciseId, { code: value, synced: saved.server === value });
    },
    [exerciseId],
  );

  const saveServer = useCallback(
    (value: string, keepalive = false) => {
      clearTimeout(serverTimer.current);
      const state = sync.current;
      if (state.off || state.saved.server === value) return;
      const save = (server: DraftServer) =>
        void server.saveDraft(exerciseId, value, { state, keepalive, setServerSync });
      // Loaded already (the restore fetched it): the request starts in this task, as a save on
      // pagehide needs.
      if (draftServer) save(draftServer);
      else void loadDraftServer().then(save);
    },
    [exerciseId],
  );

  // Restore: this device's copy at once, then the server's if it should win (see chooseInitialCode).
  useEffect(() => {
    let cancelled = false;
    const state = sync.current;
    const local = readLocalDraft(exerciseId);
    const first = chooseInitialCode({ starter, local, server: null });
    if (first.source !== "starter") {
      // Keystrokes typed before hydration were typed on what the page showed, which was already
      // this device's draft (draftRestoreScript): they are the newest code, keep them.
      if (!state.edited) {
        state.latest = first.code;
        state.saved.local = first.code;
        if (local?.synced) state.saved.server = first.code;
      }
      // localStorage exists only after hydration; reading it during render would make the server
      // HTML and the first client render disagree.
      setCodeState(state.latest);
      setSource(first.source);
    }
    void loadDraftServer().then((server) =>
      server.restoreDraft(exerciseId, {
        starter,
        local,
        state,
        cancelled: () => cancelled,
        setServerSync,
        show: (chosen, from) => {
          setCodeState(chosen);
          setSource(from);
        },
        saveServer,
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [exerciseId, starter, saveServer]);

  const setCode = useCallback(
    (value: string) => {
      const state = sync.current;
      state.edited = true;
      state.latest = value;
      setCodeState(value);
      clearTimeout(localTimer.current);
      localTimer.current = setTimeout(() => saveLocal(value), LOCAL_DELAY_MS);
      clearTimeout(serverTimer.current);
      if (!state.off) {
        serverTimer.current = setTimeout(() => saveServer(value), SERVER_DELAY_MS);
      }
    },
    [saveLocal, saveServer],
  );

  const flush = useCallback(() => {
    saveLocal(sync.current.latest);
    saveServer(sync.current.latest, true);
  }, [saveLocal, saveServer]);

  useEffect(() => {
    const state = sync.current;
    const onHide = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", flush);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", flush);
      // Leaving the page inside the debounce window must not lose the last keystrokes.
      if (state.edited) flush();
    };
  }, [flush]);

  const current = useCallback(() => sync.current.latest, []);

  return { code, source, serverSync, setCode, current, flush };
}
