"use client";

import { useCallback, useSyncExternalStore } from "react";
import { DEFAULT_EDITOR_PREFS, parseEditorPrefs, type EditorPrefs } from "@/lib/workspace/prefs";
import { writeStored } from "../browser-storage";

// The editor's settings (word wrap, font size), one copy per browser, shared by every editor on the
// page and by other tabs (the storage event). The server and the first client render use the
// defaults; the stored choice arrives right after hydration, before Monaco has mounted.

const KEY = "tradeoff:workspace:editor";
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: EditorPrefs = DEFAULT_EDITOR_PREFS;

function read(): EditorPrefs {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    // No storage: the defaults, and choices last for this page view.
    raw = memory;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseEditorPrefs(raw);
  }
  return cached;
}

let memory: string | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useEditorPrefs(): [EditorPrefs, (change: Partial<EditorPrefs>) => void] {
  const prefs = useSyncExternalStore(subscribe, read, () => DEFAULT_EDITOR_PREFS);
  const update = useCallback((change: Partial<EditorPrefs>) => {
    const next = JSON.stringify({ ...read(), ...change });
    memory = next;
    writeStored(KEY, next); // without storage, kept in memory only
    for (const listener of listeners) listener();
  }, []);
  return [prefs, update];
}
