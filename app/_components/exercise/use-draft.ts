"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import {
  chooseInitialCode,
  readLocalDraft,
  writeLocalDraft,
  type DraftSource,
} from "./draft-store";

// The server's copy is fetched after hydration, so its client is too; kept once loaded, so a save
// on pagehide starts its request in the same task.
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
  const latest = useRef(code);
  const editedSinceLoad = useRef(false);
  const serverOff = useRef(false);
  const localTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const serverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSaved = useRef<{ local: string | null; server: string | null }>({
    local: null,
    server: null,
  });

  const saveLocal = useCallback(
    (value: string) => {
      clearTimeout(localTimer.current);
      if (lastSaved.current.local === value) return;
      lastSaved.current.local = value;
      writeLocalDraft(exerciseId, { code: value, synced: lastSaved.current.server === value });
    },
    [exerciseId],
  );

  const saveServer = useCallback(
    async (value: string, keepalive = false) => {
      clearTimeout(serverTimer.current);
      if (serverOff.current || lastSaved.current.server === value) return;
      const server = draftServer ?? (await loadDraftServer());
      const result = await server.saveServerDraft(exerciseId, value, { keepalive });
      if (result === "unavailable") {
        serverOff.current = true;
        setServerSync("off");
      } else if (result === "saved") {
        lastSaved.current.server = value;
        setServerSync("on");
        // Mark the local copy as acknowledged, so another device's later draft can win on load.
        if (latest.current === value) writeLocalDraft(exerciseId, { code: value, synced: true });
      }
    },
    [exerciseId],
  );

  // Restore: this device's copy at once, then the server's if it should win (see chooseInitialCode).
  useEffect(() => {
    let cancelled = false;
    const local = readLocalDraft(exerciseId);
    const first = chooseInitialCode({ starter, local, server: null });
    if (first.source !== "starter") {
      // Keystrokes typed before hydration were typed on what the page showed, which was already
      // this device's draft (draftRestoreScript): they are the newest code, keep them.
      if (!editedSinceLoad.current) {
        latest.current = first.code;
        lastSaved.current.local = first.code;
        if (local?.synced) lastSaved.current.server = first.code;
      }
      // localStorage exists only after hydration; reading it during render would make the server
      // HTML and the first client render disagree.
      setCodeState(latest.current);
      setSource(first.source);
    }
    void loadDraftServer()
      .then(({ fetchServerDraft }) => fetchServerDraft(exerciseId))
      .then((server) => {
        if (cancelled) return;
        if (server.kind === "unavailable") {
          serverOff.current = true;
          setServerSync("off");
          return;
        }
        setServerSync("on");
        if (editedSinceLoad.current) return; // keystrokes made while we waited are newer than either
        const chosen = chooseInitialCode({ starter, local, server: server.code });
        if (server.code !== null && chosen.code === server.code)
          lastSaved.current.server = chosen.code;
        if (chosen.code !== latest.current) {
          latest.current = chosen.code;
          setCodeState(chosen.code);
          setSource(chosen.source);
          writeLocalDraft(exerciseId, { code: chosen.code, synced: chosen.source === "server" });
        } else if (local && !local.synced) {
          void saveServer(local.code);
        }
      });
    return () => {
      cancelled = true;
    };
  }, [exerciseId, starter, saveServer]);

  const setCode = useCallback(
    (value: string) => {
      editedSinceLoad.current = true;
      latest.current = value;
      setCodeState(value);
      clearTimeout(localTimer.current);
      localTimer.current = setTimeout(() => saveLocal(value), LOCAL_DELAY_MS);
      clearTimeout(serverTimer.current);
      if (!serverOff.current) {
        serverTimer.current = setTimeout(() => void saveServer(value), SERVER_DELAY_MS);
      }
    },
    [saveLocal, saveServer],
  );

  const flush = useCallback(() => {
    saveLocal(latest.current);
    void saveServer(latest.current, true);
  }, [saveLocal, saveServer]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") flush();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", flush);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", flush);
      // Leaving the page inside the debounce window must not lose the last keystrokes.
      if (editedSinceLoad.current) flush();
    };
  }, [flush]);

  const current = useCallback(() => latest.current, []);

  return { code, source, serverSync, setCode, current, flush };
}
