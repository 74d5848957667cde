import path from "node:path";
import { parseArgs } from "node:util";
import { scaffoldExercise } from "@/lib/authoring/scaffold-exercise";
import { scaffoldLesson, type ScaffoldResult } from "@/lib/authoring/scaffold-lesson";
import { displayPath } from "@/lib/content/content-error";
import { exerciseHref } from "@/lib/content/urls";
import { previewHref } from "@/lib/instructor/urls";

// npm run new -- lesson <course>/<slug> [--title "…"]
// npm run new -- exercise <course>/<lesson>/<slug> [--title "…"]   (or <lesson>/<slug>)
// Scaffolds folders that pass `npm run content:check` as written. --root points at another content
// tree (the folder holding courses/).

const usage = `usage:
  npm run new -- lesson <course>/<slug> [--title "Title"]
  npm run new -- exercise <course>/<lesson>/<slug> [--title "Title"]
  npm run new -- exercise <lesson>/<slug>          (when one course has that lesson)
options: --root <dir>  the folder holding courses/ (default: content)`;

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { title: { type: "string" }, root: { type: "string" }, help: { type: "boolean" } },
    });
  } catch (caught) {
    console.error(`${caught instanceof Error ? caught.message : String(caught)}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [kind, target] = positionals;
  if (values.help || !kind || !target || positionals.length > 2) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const root = path.resolve(values.root ?? "content");
  const input = { root, target, ...(values.title ? { title: values.title } : {}) };

  let result: ScaffoldResult;
  if (kind === "lesson") result = scaffoldLesson(input);
  else if (kind === "exercise") result = scaffoldExercise(input);
  else {
    console.error(`unknown kind "${kind}": expected lesson or exercise\n${usage}`);
    return 2;
  }
  if (!result.ok) {
    console.error(`npm run new: ${result.reason}`);
    return 1;
  }
  console.log(`Created ${displayPath(result.dir)}/`);
  for (const file of result.files) console.log(`  ${path.relative(result.dir, file)}`);
  console.log(kind === "lesson" ? lessonNextSteps(result.id) : exerciseNextSteps(result));
  return 0;
}

function lessonNextSteps(id: string): string {
  const [course = "", lesson = ""] = id.split("/");
  return `
It is a draft (draft: true in lesson.mdx): instructors preview it at ${previewHref(course, lesson)}.
Replace the placeholder text, then run npm run content:check. Set draft: false to publish.`;
}

function exerciseNextSteps(result: Extract<ScaffoldResult, { ok: true }>): string {
  const lessonDir = path.dirname(path.dirname(result.dir));
  const lesson = path.basename(lessonDir).replace(/^\d+\./, "");
  const course = path.basename(path.dirname(path.dirname(lessonDir))).replace(/^\d+\./, "");
  return `
Learners open it at ${exerciseHref(course, lesson, result.id)}. Write the real prompt, starter, solution
and tests, then run npm run content:check (it proves the solution passes and the starter fails), and
npm run judge -- ${result.id} <file.ts> to judge any file against it.`;
}

process.exitCode = main();
