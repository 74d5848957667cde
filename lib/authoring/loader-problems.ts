import fs from "node:fs";
import { ContentError } from "@/lib/content/content-error";
import { error, type AuthoringProblem } from "./problem";

// The loader (lib/content) already validates every file against its zod schema and says what is
// wrong. Here its problems become content:check problems: the line of the offending frontmatter
// field when there is one, and a fix for the common cases.

export function problemsFromContentError(cause: ContentError): AuthoringProblem[] {
  return cause.problems.map(({ file, reason }) =>
    error(file, reason, fixFor(reason), lineOfField(file, fieldOf(reason))),
  );
}

/** Runs `load`; a ContentError becomes problems, anything else is a bug and is rethrown. */
export function collectContentErrors<T>(
  problems: AuthoringProblem[],
  load: () => T,
): T | undefined {
  try {
    return load();
  } catch (caught) {
    if (!(caught instanceof ContentError)) throw caught;
    problems.push(...problemsFromContentError(caught));
    return undefined;
  }
}

const fixes: readonly [RegExp, string][] = [
  [/^file not found$/, "create the file (`npm run new -- lesson <course>/<slug>` writes them all)"],
  [/^folder not found$/, "create the folder, or pass the right --root"],
  [/unknown field/, "remove the field or correct its spelling (docs/content-model.md lists them)"],
  [/: required$/, "add the field to the frontmatter (docs/content-model.md lists the fields)"],
  [
    /^frontmatter is not valid YAML/,
    "fix the YAML between the --- lines (quote values with a colon)",
  ],
  [
    /name must look like/,
    "rename it NN.slug, e.g. 03.my-topic (a number, a dot, a kebab-case slug)",
  ],
  [/needs at least one section/, "add sections/01.<slug>.mdx with a title in its frontmatter"],
  [/is reserved/, "rename the file to another slug"],
  [/share the slug/, "give one of them another slug (slugs are ids: progress rows point at them)"],
  [/lowercase-hyphenated slug/, "rename the folder in kebab-case, e.g. system-design"],
];

function fixFor(reason: string): string | undefined {
  const known = fixes.find(([pattern]) => pattern.test(reason))?.[1];
  if (known) return known;
  const field = fieldOf(reason);
  return field ? `correct "${field}" in the frontmatter (docs/content-model.md)` : undefined;
}

/** "minutes: expected a positive integer" → "minutes"; "hints.2: …" → "hints". */
function fieldOf(reason: string): string | undefined {
  const match = /^([A-Za-z_][\w-]*)(?:\.\d+)*: /.exec(reason);
  return match?.[1];
}

/** The 1-based line of `field:` inside the file's frontmatter, or the opening --- when absent. */
export function lineOfField(file: string, field: string | undefined): number | undefined {
  if (!field || !file.endsWith(".mdx")) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const lines = text.split("\n");
  if (lines[0]?.trim() !== "---") return undefined;
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === "---") break;
    if (line.startsWith(`${field}:`)) return index + 1;
  }
  return 1;
}
