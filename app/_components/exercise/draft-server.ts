import {
  chooseInitialCode,
  writeLocalDraft,
  type DraftSource,
  type LocalDraft,
} from "./draft-store";

// The server's copy of a draft (GET/PUT /api/drafts/<exerciseId>), and what use-draft.ts does with
// its answers: apart from draft-store.ts because the page loads it after hydration, not with its
// first JavaScript.

/** What use-draft.ts's saves and restore share, read and updated here as the server answers. */
export interface DraftSync {
  /** The latest code, including keystrokes React has not rendered yet. */
  latest: string;
  /** Edited since the page opened: the learner's keystrokes win over any copy that arrives. */
  edited: boolean;
  /** The draft API is missing or refuses this visitor: no more requests in this page view. */
  off: boolean;
  /** The code each copy last acknowledged. */
  saved: { local: string | null; server: string | null };
}

export type ServerDraftResult =
  | { kind: "draft"; code: string | null }
  /** The API is missing or refuses this visitor: stop trying for this page view. */
  | { kind: "unavailable" };

export async function fetchServerDraft(exerciseId: string): Promise<ServerDraftResult> {
  try {
    const response = await fetch(`/api/drafts/${encodeURIComponent(exerciseId)}`, {
      headers: { accept: "application/json" },
      cache: "no-store",
    });
    if (response.status === 404 || response.status === 204) return { kind: "draft", code: null };
    if (!response.ok) return { kind: "unavailable" };
    const body: unknown = await response.json();
    const code = (body as { code?: unknown } | null)?.code;
    return { kind: "draft", code: typeof code === "string" ? code : null };
  } catch {
    return { kind: "unavailable" };
  }
}

export type SaveResult = "saved" | "unavailable" | "retry";

export async function saveServerDraft(
  exerciseId: string,
  code: string,
  options: { keepalive?: boolean } = {},
): Promise<SaveResult> {
  try {
    const response = await fetch(`/api/drafts/${encodeURIComponent(exerciseId)}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code }),
      keepalive: options.keepalive ?? false,
    });
    if (response.ok) return "saved";
    // 404/405: no draft API in this build; 401/403: not allowed for this visitor.
    if ([401, 403, 404, 405].includes(response.status)) return "unavailable";
    return "retry";
  } catch {
    return "retry";
  }
}

/** Saves the code on the server, and marks this device's copy acknowledged once it is. */
export async function saveDraft(
  exerciseId: string,
  code: string,
  options: { state: DraftSync; keepalive: boolean; setServerSync(sync: "on" | "off"): void },
): Promise<void> {
  const { state, setServerSync } = options;
  const result = await saveServerDraft(exerciseId, code, { keepalive: options.keepalive });
  if (result === "unavailable") {
    state.off = true;
    setServerSync("off");
  } else if (result === "saved") {
    state.saved.server = code;
    setServerSync("on");
    // Mark the local copy as acknowledged, so another device's later draft can win on load.
    if (state.latest === code) writeLocalDraft(exerciseId, { code, synced: true });
  }
}

/**
 * The server's copy, once the page shows this device's: shown instead if it should win (see
 * chooseInitialCode), or sent there if this device's edits never reached it.
 */
export async function restoreDraft(
  exerciseId: string,
  options: {
    starter: string;
    local: LocalDraft | null;
    state: DraftSync;
    cancelled(): boolean;
    setServerSync(sync: "on" | "off"): void;
    show(code: string, source: DraftSource): void;
    saveServer(code: string): void;
  },
): Promise<void> {
  const { starter, local, state, setServerSync } = options;
  const server = await fetchServerDraft(exerciseId);
  if (options.cancelled()) return;
  if (server.kind === "unavailable") {
    state.off = true;
    setServerSync("off");
    return;
  }
  setServerSync("on");
  if (state.edited) return; // keystrokes made while we waited are newer than either
  const chosen = chooseInitialCode({ starter, local, server: server.code });
  if (server.code !== null && chosen.code === server.code) state.saved.server = chosen.code;
  if (chosen.code !== state.latest) {
    state.latest = chosen.code;
    options.show(chosen.code, chosen.source);
    writeLocalDraft(exerciseId, { code: chosen.code, synced: chosen.source === "server" });
  } else if (local && !local.synced) {
    options.saveServer(local.code);
  }
}
