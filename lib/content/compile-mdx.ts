import { evaluate } from "@mdx-js/mdx";
import rehypeShiki from "@shikijs/rehype/core";
import type { MDXContent } from "mdx/types";
import * as runtime from "react/jsx-runtime";
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";
import { rehypeCompactCode } from "./compact-code";
import { ContentError } from "./content-error";
import { getHighlighter, getHighlightOptions, getPairTags } from "./highlight";
import { rehypeHeadingLinks, type HeadingEntry } from "./rehype-heading-links";
import { rehypeInlineValues, type InlineValuesOptions } from "./inline-values";
import { rehypeLessonParts } from "./lesson-parts";
import { rehypeStaticIslands } from "./static-islands";

export interface CompiledMdx {
  /** Render with the site's components map: `<Content components={...} />`. */
  Content: MDXContent;
  /** The h2/h3 headings, with the ids their anchors use, for the table of contents. */
  headings: HeadingEntry[];
}

// In `next build` each page compiles its own file once; the cache matters in `next dev`, and is keyed
// by the source text so an edited file is compiled again.
const cache = new Map<string, { body: string; compiled: Promise<CompiledMdx> }>();

export interface CompileOptions {
  /**
   * Plain blocks as static islands (decision 340), for content the server renders into the page's
   * HTML. Off for content a client component shows only later (a trap's explanation, after the
   * learner's prediction): an island needs its markup in the page.
   */
  islands?: boolean;
  /**
   * Each `<Value>` with literal attributes written as text at compile time (decision 430), so the
   * paragraph holding it is plain markup. Without it `<Value>` stays the site's component.
   */
  values?: Omit<InlineValuesOptions, "mdxFile">;
  /**
   * The top-level blocks grouped into parts at each h2, the ones far below the first screen laid
   * out after the first paint (decision 590). For a lesson section's page.
   */
  parts?: boolean;
}

/**
 * Compiles an MDX body at build time (server only). `file` is used for error messages, which name it;
 * `body` is the file without its frontmatter (line numbers preserved).
 */
export function compileMdx(
  file: string,
  body: string,
  { islands = true, values, parts = false }: CompileOptions = {},
): Promise<CompiledMdx> {
  const key = `${islands ? "islands" : "tree"}:${values ? "values" : "components"}:${parts ? "parts" : "flat"}:${file}`;
  const cached = cache.get(key);
  if (cached?.body === body) return cached.compiled;
  const compiled = compile(file, body, {
    islands,
    parts,
    values: values && { ...values, mdxFile: file },
  });
  cache.set(key, { body, compiled });
  compiled.catch(() => cache.delete(key));
  return compiled;
}

async function compile(
  file: string,
  body: string,
  {
    islands,
    parts,
    values,
  }: { islands: boolean; parts: boolean; values: InlineValuesOptions | undefined },
): Promise<CompiledMdx> {
  const highlighter = await getHighlighter();
  const highlightOptions = await getHighlightOptions();
  const tags = await getPairTags();
  const headings: HeadingEntry[] = [];
  try {
    const { default: Content } = await evaluate(
      { value: body, path: file },
      {
        ...runtime,
        remarkPlugins: [remarkGfm],
        rehypePlugins: [
          rehypeSlug,
          [rehypeHeadingLinks, { headings }],
          [
            () =>
              rehypeShiki(highlighter, {
                ...highlightOptions,
                defaultLanguage: "text",
                // Any language shiki bundles works; an unknown one fails the build, naming it.
                lazy: true,
              }),
          ],
          [rehypeCompactCode, { tags, islands }],
          [rehypeInlineValues, values],
          ...(parts ? [rehypeLessonParts] : []),
          ...(islands ? [rehypeStaticIslands] : []),
        ],
      },
    );
    return { Content, headings };
  } catch (error) {
    if (error instanceof ContentError) throw error;
    const place = locationOf(error);
    const message =
      error instanceof Error
        ? ((error as { reason?: string }).reason ?? error.message)
        : String(error);
    throw new ContentError(file, [`${place}${message}`], { cause: error });
  }
}

function locationOf(error: unknown): string {
  const place = (error as { place?: { line?: number; column?: number; start?: { line: number } } })
    ?.place;
  const line = place?.line ?? place?.start?.line;
  return line ? `line ${line}: ` : "";
}
