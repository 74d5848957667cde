// The server's copy of a draft (GET/PUT /api/drafts/<exerciseId>): apart from draft-store.ts
// because the page loads it after hydration, not with its first JavaScript.

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
