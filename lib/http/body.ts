import type { z } from "zod";
import { HttpProblem, parseOr } from "./problem";

/**
 * Reading a request body without letting the client decide how much memory it takes
 * (docs/decisions/112-bodies-and-text.md): a declared Content-Length over the cap is refused before
 * a byte is read, and a body without one (chunked) is read only up to the cap, then dropped.
 */

function bodyTooLarge(maxBytes: number): HttpProblem {
  return new HttpProblem(413, "Request body too large", `Send at most ${maxBytes} bytes.`, [
    { field: "", reason: `must be at most ${maxBytes} bytes` },
  ]);
}

/** Throws the 413 when the request says it is bigger than `maxBytes`. */
function assertDeclaredLength(request: Request, maxBytes: number): void {
  const declared = request.headers.get("content-length");
  if (declared === null) return;
  const length = Number(declared);
  if (!Number.isFinite(length) || length > maxBytes) {
    void request.body?.cancel().catch(() => {});
    throw bodyTooLarge(maxBytes);
  }
}

/** The body as UTF-8 text, at most `maxBytes` of it; 413 past that, 400 when it is not UTF-8. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  assertDeclaredLength(request, maxBytes);
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Not awaited: a tee'd stream (a cloned request) settles a cancel only when both halves do.
      reader.cancel().catch(() => {});
      throw bodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new HttpProblem(400, "The request body is not UTF-8", undefined, [
      { field: "", reason: "must be UTF-8 text" },
    ]);
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The dotted path of the first string in a parsed JSON value (keys included) that holds a lone
 * UTF-16 surrogate, or null. JSON's "\ud800" escapes parse into such strings; no database, hash or
 * TextEncoder keeps them intact, so they are refused at the door.
 */
export function illFormedStringPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? path.join(".") : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key)) return [...path, "(key)"].join(".");
    const found = illFormedStringPath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** The 422 for a body whose field `path` holds an ill-formed string. */
export function illFormedStringProblem(path: string): HttpProblem {
  return new HttpProblem(422, "The request body is invalid", undefined, [
    {
      field: path,
      reason: "must be well-formed Unicode text (it holds a lone UTF-16 surrogate)",
    },
  ]);
}

/** Largest JSON body any of our routes reads (a draft of 100,000 characters fits many times). */
const MAX_BODY_BYTES = 1_000_000;

/**
 * Reads a JSON body and parses it with `schema`. Not JSON at all (or not sent as JSON) is a 400 or
 * 415 with field ""; bigger than `maxBytes` a 413, refused on Content-Length before anything is
 * read (lib/http/body.ts); JSON that fails the schema, or holds an ill-formed string anywhere, is
 * a 422 listing the field.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes: number = MAX_BODY_BYTES,
): Promise<z.infer<S>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new HttpProblem(415, "Unsupported media type", "Send the body as application/json.", [
      { field: "", reason: "content-type must be application/json" },
    ]);
  }
  const text = await readBodyText(request, maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpProblem(400, "The request body is not valid JSON", undefined, [
      { field: "", reason: "must be a JSON document" },
    ]);
  }
  const illFormed = illFormedStringPath(data);
  if (illFormed !== null) throw illFormedStringProblem(illFormed);
  return parseOr(schema, data, 422);
}
