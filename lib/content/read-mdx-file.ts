import fs from "node:fs";
import matter from "gray-matter";
import type { z } from "zod";
import { ContentError, describeIssues } from "./content-error";

export interface MdxFile<T> {
  file: string;
  frontmatter: T;
  /**
   * The MDX after the frontmatter. The frontmatter's lines are kept as blank lines so that a compile
   * error's line number matches the line the author sees in the file.
   */
  body: string;
}

/** Reads an .mdx file and validates its frontmatter; a bad file throws a ContentError naming it. */
export function readMdxFile<S extends z.ZodType>(file: string, schema: S): MdxFile<z.infer<S>> {
  const raw = fs.readFileSync(file, "utf8");
  let parsed: matter.GrayMatterFile<string>;
  try {
    // The empty options object keeps gray-matter from caching by content across files.
    parsed = matter(raw, {});
  } catch (error) {
    throw new ContentError(file, [`frontmatter is not valid YAML: ${messageOf(error)}`], {
      cause: error,
    });
  }
  const result = schema.safeParse(parsed.data);
  if (!result.success) throw new ContentError(file, describeIssues(result.error));
  return { file, frontmatter: result.data, body: keepLineNumbers(raw, parsed.content) };
}

function keepLineNumbers(raw: string, content: string): string {
  if (!raw.endsWith(content)) return content;
  const header = raw.slice(0, raw.length - content.length);
  return "\n".repeat(header.split("\n").length - 1) + content;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0]! : String(error);
}
