// What a server-rendered page's HTML is made of: the markup a reader sees, and the framework's flight
// (React Server Component) payload, the `self.__next_f.push(...)` scripts React hydrates from.
// Shared by `npm run bench:page-html` and the e2e budget test (tests/e2e/page-weight.spec.ts).
import type { Catalog } from "@/lib/content/loader";
import { courseHref, lessonHref, sectionHref } from "@/lib/content/urls";

/** Every lesson page stays under this many bytes of HTML (issue 20, decision 250). */
export const lessonPageBudgetBytes = 150 * 1024;

export interface HtmlWeight {
  bytes: number;
  /** The flight payload scripts, as they appear in the HTML (escaped). */
  payloadBytes: number;
  /** Element start tags outside scripts: about the page's DOM elements before any script runs. */
  elements: number;
  /** The largest rows of the decoded payload, with the start of each, to see what dominates. */
  largestRows: { bytes: number; start: string }[];
}

const pushScript = /<script>self\.__next_f\.push\((\[.*?\])\)<\/script>/gs;

/** Splits a page's HTML into markup and flight payload. */
export function htmlWeight(html: string): HtmlWeight {
  let payloadBytes = 0;
  let flight = "";
  for (const match of html.matchAll(pushScript)) {
    payloadBytes += Buffer.byteLength(match[0]);
    const [kind, data] = JSON.parse(match[1]!) as [number, string?];
    if (kind === 1 && data) flight += data;
  }
  const markup = html.replace(/<script\b[^>]*>.*?<\/script>/gs, "");
  return {
    bytes: Buffer.byteLength(html),
    payloadBytes,
    elements: (markup.match(/<[a-zA-Z]/g) ?? []).length,
    largestRows: flightRows(flight)
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5),
  };
}

/** The payload's rows: `id:T<hex length>,<text>` for long strings, `id:<json or tag>\n` otherwise. */
function flightRows(flight: string): { bytes: number; start: string }[] {
  const rows: { bytes: number; start: string }[] = [];
  let at = 0;
  while (at < flight.length) {
    const colon = flight.indexOf(":", at);
    if (colon < 0) break;
    const text = /^T([0-9a-f]+),/.exec(flight.slice(colon + 1, colon + 16));
    if (text) {
      const start = colon + 2 + text[1]!.length;
      const body = Buffer.from(flight.slice(start), "utf8")
        .subarray(0, parseInt(text[1]!, 16))
        .toString("utf8");
      rows.push({ bytes: Buffer.byteLength(body), start: body.slice(0, 80) });
      at = start + body.length;
    } else {
      const end = flight.indexOf("\n", colon);
      const body = flight.slice(colon + 1, end < 0 ? undefined : end);
      rows.push({ bytes: Buffer.byteLength(body), start: body.slice(0, 80) });
      at = end < 0 ? flight.length : end + 1;
    }
  }
  return rows;
}

/** The reading pages the budget covers: home, each course and lesson overview, every section, exercise lists. */
export function lessonPagePaths(catalog: Catalog): string[] {
  return [
    "/",
    ...catalog.courses.flatMap((course) => [
      courseHref(course.slug),
      ...course.lessons.flatMap((lesson) => [
        lessonHref(course.slug, lesson.slug),
        ...lesson.sections.map((section) => sectionHref(course.slug, lesson.slug, section.slug)),
        `${lessonHref(course.slug, lesson.slug)}/exercises`,
      ]),
    ]),
  ];
}
