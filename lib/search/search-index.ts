import MiniSearch, { type Options, type SearchResult } from "minisearch";
import type { SearchDocument, SearchKind } from "./documents";

// One set of MiniSearch options for the index built at build time and the browser that loads it:
// they must agree on fields and tokenizing, or the browser searches an index it cannot read.

export const SEARCH_OPTIONS: Options<SearchDocument> = {
  fields: ["title", "text"],
  storeFields: ["kind", "lesson", "lessonHref", "title", "href", "text"],
  searchOptions: {
    boost: { title: 3 },
    prefix: true,
    fuzzy: (term) => (term.length > 4 ? 0.2 : false),
    combineWith: "AND",
  },
};

export function buildSearchIndex(documents: readonly SearchDocument[]): string {
  const index = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  index.addAll(documents);
  return JSON.stringify(index);
}

export function loadSearchIndex(json: string): MiniSearch<SearchDocument> {
  return MiniSearch.loadJSON<SearchDocument>(json, SEARCH_OPTIONS);
}

export interface SearchHit {
  id: string;
  kind: SearchKind;
  title: string;
  href: string;
  /** The text around the first match, with the matched ranges to highlight. */
  passage: { text: string; marks: [number, number][] };
}

export interface SearchGroup {
  lesson: string;
  lessonHref: string;
  hits: SearchHit[];
}

const PASSAGE_RADIUS = 80;

/** Results grouped by lesson (lessons in order of their best hit), at most `limit` hits in all. */
export function searchSite(
  index: MiniSearch<SearchDocument>,
  query: string,
  limit = 30,
): SearchGroup[] {
  const trimmed = query.trim();
  if (trimmed.length < 2) return [];
  const results = index.search(trimmed).slice(0, limit);
  const groups = new Map<string, SearchGroup>();
  for (const result of results) {
    const doc = result as SearchResult & Omit<SearchDocument, "id">;
    const group = groups.get(doc.lessonHref) ?? {
      lesson: doc.lesson,
      lessonHref: doc.lessonHref,
      hits: [],
    };
    group.hits.push({
      id: String(result.id),
      kind: doc.kind,
      title: doc.title,
      href: doc.href,
      passage: passageAround(doc.text, result.terms),
    });
    groups.set(doc.lessonHref, group);
  }
  return [...groups.values()];
}

/** About 160 characters of `text` around the first of `terms`, cut at word boundaries. */
export function passageAround(
  text: string,
  terms: readonly string[],
): { text: string; marks: [number, number][] } {
  const lower = text.toLowerCase();
  const positions = terms.map((term) => lower.indexOf(term.toLowerCase())).filter((at) => at >= 0);
  const first = positions.length > 0 ? Math.min(...positions) : 0;
  let start = Math.max(0, first - PASSAGE_RADIUS);
  let end = Math.min(text.length, first + PASSAGE_RADIUS * 1.5);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  if (end < text.length)
    end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  const slice = text.slice(start, end);
  const prefix = start > 0 ? "…" : "";
  const suffix = end < text.length ? "…" : "";
  const marks: [number, number][] = [];
  const sliceLower = slice.toLowerCase();
  for (const term of terms) {
    const needle = term.toLowerCase();
    if (!needle) continue;
    for (
      let at = sliceLower.indexOf(needle);
      at >= 0;
      at = sliceLower.indexOf(needle, at + needle.length)
    ) {
      marks.push([at + prefix.length, at + prefix.length + needle.length]);
    }
  }
  marks.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const mark of marks) {
    const last = merged[merged.length - 1];
    if (last && mark[0] <= last[1]) last[1] = Math.max(last[1], mark[1]);
    else merged.push([...mark]);
  }
  return { text: `${prefix}${slice}${suffix}`, marks: merged };
}
