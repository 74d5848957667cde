/**
 * A JSON response that never gets cached (it is always one person's data) and carries the
 * Set-Cookie headers of a new or refreshed session.
 */
export function jsonResponse(
  body: unknown,
  init: { status?: number; cookies?: Headers; headers?: HeadersInit } = {},
): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  headers.set("cache-control", "private, no-store");
  for (const cookie of init.cookies?.getSetCookie() ?? []) headers.append("set-cookie", cookie);
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** 204 No Content, uncached, with the session's Set-Cookie headers. */
export function emptyResponse(cookies?: Headers): Response {
  const headers = new Headers({ "cache-control": "private, no-store" });
  for (const cookie of cookies?.getSetCookie() ?? []) headers.append("set-cookie", cookie);
  return new Response(null, { status: 204, headers });
}
