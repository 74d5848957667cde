// Drafts are never lost: every edit lands in localStorage within ~300 ms, and in the learner's
// server-side progress (GET/PUT /api/drafts/<exerciseId>, draft-server.ts) a little later when that
// API answers.
// The pure parts (which copy wins on load, the storage format) are separate from the browser calls
// so they can be unit-tested.

import { readStored, writeStored } from "../browser-storage";

export interface LocalDraft {
  code: string;
  /** True once the server has acknowledged exactly this code. */
  synced: boolean;
}

const VERSION = 1;

export function draftStorageKey(exerciseId: string): string {
  return `tradeoff:exercise:${exerciseId}:draft`;
}

export function encodeLocalDraft(draft: LocalDraft): string {
  return JSON.stringify({ v: VERSION, code: draft.code, synced: draft.synced });
}

/** Anything unreadable (another version, hand-edited storage) counts as no draft, never a crash. */
export function decodeLocalDraft(raw: string | null): LocalDraft | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { v, code, synced } = value as Record<string, unknown>;
    if (v !== VERSION || typeof code !== "string") return null;
    return { code, synced: synced === true };
  } catch {
    return null;
  }
}

/**
 * A script for the page's HTML, run as the browser parses it, right after the code's <pre>: it
 * shows this device's draft before the page's JavaScript runs, so the learner never types on the
 * starter when a draft exists, and the code does not change under them at hydration. It reads the
 * format decodeLocalDraft reads (a unit test runs both on the same storage).
 */
export function draftRestoreScript(exerciseId: string): string {
  const key = JSON.stringify(draftStorageKey(exerciseId)).replace(/</g, "\\u003c");
  return (
    `(function(){try{var p=document.currentScript.previousElementSibling;` +
    `var d=JSON.parse(localStorage.getItem(${key})||"null");` +
    `if(p&&d&&d.v===${VERSION}&&typeof d.code==="string"){p.textContent=d.code;p.__shownBeforeHydration=d.code}` +
    `}catch(e){}})()`
  );
}

export type DraftSource = "starter" | "local" | "server";

/**
 * Which copy of the code to open with, without comparing clocks across devices:
 * - edits on this device the server never acknowledged are the newest work here: keep them;
 * - otherwise the server's draft is at least as new as anything this device saved (it may come
 *   from another device);
 * - otherwise whatever this device has, else the starter.
 */
export function chooseInitialCode(input: {
  starter: string;
  local: LocalDraft | null;
  server: string | null;
}): { code: string; source: DraftSource } {
  const { starter, local, server } = input;
  if (local && !local.synced) return { code: local.code, source: "local" };
  if (server !== null) return { code: server, source: "server" };
  if (local) return { code: local.code, source: "local" };
  return { code: starter, source: "starter" };
}

export function readLocalDraft(exerciseId: string): LocalDraft | null {
  // Storage can be disabled (private mode, a policy); the editor still works without it.
  return decodeLocalDraft(readStored(draftStorageKey(exerciseId)));
}

export function writeLocalDraft(exerciseId: string, draft: LocalDraft): boolean {
  return writeStored(draftStorageKey(exerciseId), encodeLocalDraft(draft));
}
