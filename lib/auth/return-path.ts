// Where to send a learner after signing in or up: back to the page they came from, given as
// `?next=/courses/...`. Only a path on this site is accepted: anything that a browser could read as
// another origin (`//evil.example`, `/\evil.example`, `https://…`, `javascript:`) falls back, so the
// sign-in page cannot be used as an open redirect.

export const DEFAULT_RETURN_PATH = "/progress";

const PLACEHOLDER_ORIGIN = "http://return-path.invalid";

/** The same-origin path (with query and hash) in `raw`, or the fallback when it is not one. */
export function safeReturnPath(
  raw: string | null | undefined,
  fallback: string = DEFAULT_RETURN_PATH,
): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2_000) return fallback;
  // A relative path starts with exactly one slash; a second slash or a backslash (which browsers
  // treat as a slash) would make it protocol-relative.
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return fallback;
  // Tabs and newlines are stripped by URL parsers, which can turn "/\t/evil" into "//evil".
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Coming back to the sign-in or sign-up form itself would be a loop.
  if (/^\/sign-(in|up)(\/|$|\?|#)/.test(path)) return fallback;
  return path;
}

/** `/sign-in?next=<path>` for a page; the bare form when the page is the form itself. */
export function signInHref(from: string, form: "/sign-in" | "/sign-up" = "/sign-in"): string {
  const next = safeReturnPath(from, "");
  return next && next !== DEFAULT_RETURN_PATH ? `${form}?next=${encodeURIComponent(next)}` : form;
}
