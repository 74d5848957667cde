import path from "node:path";
import { CardsFileError } from "@/lib/content/cards";
import { ContentError } from "@/lib/content/content-error";
import { luaScriptOf, readLimiterSource } from "@/lib/content/limiter-source";
import type { Lesson } from "@/lib/content/loader";
import { exampleValue, findExample, listExamples, runExample } from "@/lib/content/run-example";
import { loadLessonCards } from "@/lib/review/load-cards";
import { listTrapFolders } from "@/lib/traps/load-traps";
import type { ContentIndex, MdxDocument } from "./content-index";
import { problemsFromContentError } from "./loader-problems";
import type { OutlineElement } from "./mdx-outline";
import { isComponentName, mdxVocabulary } from "./mdx-vocabulary";
import { error, warning, type AuthoringProblem } from "./problem";
import { suggestion } from "./suggest";

// Every component in every MDX file: known, given the props it needs, and pointing at things that
// exist: <RunExample id> and <Value example> at a program in the lesson's examples/ that runs, <Value
// name> at a value that program returns, <LimiterSource file> at a file of lib/limiters. The checks
// call the same functions the page components call, so what passes here renders there.

export function checkComponents(index: ContentIndex): AuthoringProblem[] {
  const problems: AuthoringProblem[] = [];
  const referenced = new Map<string, Set<string>>();
  for (const document of index.documents) {
    for (const element of document.outline?.elements ?? []) {
      if (!isComponentName(element.name)) continue;
      problems.push(...checkElement(document, element, referenced));
    }
  }
  problems.push(...checkExampleFiles(index, referenced));
  return problems;
}

function checkElement(
  document: MdxDocument,
  element: OutlineElement,
  referenced: Map<string, Set<string>>,
): AuthoringProblem[] {
  const { file } = document;
  const { name, line } = element;
  const spec = mdxVocabulary[name];
  if (!spec) {
    return [
      error(
        file,
        `unknown component <${name}>`,
        `${suggestion(name, Object.keys(mdxVocabulary), "component")} (docs/content-model.md lists them)`,
        line,
      ),
    ];
  }
  if (spec.lessonOnly && !document.lesson) {
    return [
      error(
        file,
        `<${name}> works only inside a lesson (it needs the lesson's examples and exercises)`,
        "move it into a lesson's section",
        line,
      ),
    ];
  }

  const problems: AuthoringProblem[] = [];
  const props: Record<string, string> = {};
  const known = [...spec.required, ...spec.optional];
  for (const [prop, value] of Object.entries(element.attributes)) {
    if (!known.includes(prop)) {
      problems.push(
        error(
          file,
          `<${name}> has no prop "${prop}"`,
          known.length > 0 ? suggestion(prop, known, "prop") : "remove it",
          line,
        ),
      );
    } else if (typeof value !== "string") {
      problems.push(
        error(
          file,
          `<${name} ${prop}> must be a literal string, so it can be checked before the build`,
          `write ${prop}="…"`,
          line,
        ),
      );
    } else {
      props[prop] = value;
      const allowed = spec.values?.[prop];
      if (allowed && !allowed.includes(value)) {
        problems.push(
          error(
            file,
            `<${name} ${prop}="${value}">: ${prop} must be one of ${allowed.join(", ")}`,
            suggestion(value, allowed, "value"),
            line,
          ),
        );
      }
    }
  }
  for (const prop of spec.required) {
    if (element.attributes[prop] === undefined) {
      problems.push(error(file, `<${name}> needs a ${prop}="…" prop`, undefined, line));
    }
  }
  if (problems.length > 0 || !document.lesson) return problems;
  return checkTarget(document.lesson, file, name, props, line, referenced);
}

function checkTarget(
  lesson: Lesson,
  file: string,
  name: string,
  props: Record<string, string>,
  line: number | undefined,
  referenced: Map<string, Set<string>>,
): AuthoringProblem[] {
  const exampleId =
    name === "RunExample" ? props["id"] : name === "Value" ? props["example"] : undefined;
  try {
    if (exampleId !== undefined) {
      const exampleFile = findExample(lesson.dir, exampleId, file);
      referencedIn(referenced, lesson.dir).add(exampleId);
      const result = runExample(exampleFile);
      if (name === "Value") exampleValue(result, props["name"]!, file);
    }
    if (name === "LimiterSource") {
      const source = readLimiterSource(props["file"]!, file);
      if (props["show"] === "lua") luaScriptOf(source, props["file"]!, file);
    }
    if (name === "Trap") return checkTrapId(lesson, file, props["id"]!, line);
    if (name === "Flashcard" || name === "CardDeck") return checkCards(lesson, file, props, line);
    return [];
  } catch (caught) {
    if (!(caught instanceof ContentError)) throw caught;
    return problemsFromContentError(caught).map((problem) => ({
      ...problem,
      // The component's line in the MDX file; an error inside the example names the example.
      ...(problem.file === file && line ? { line } : {}),
      fix: fixFor(name, problem.file === file),
    }));
  }
}

/** <Trap id>: a traps/<letter>.<id>/ folder of this lesson. */
function checkTrapId(
  lesson: Lesson,
  file: string,
  id: string,
  line: number | undefined,
): AuthoringProblem[] {
  // An unreadable traps/ folder is reported by the traps check.
  const ids = listTrapFolders(lesson.dir).map((folder) => folder.id);
  if (ids.includes(id)) return [];
  return [
    error(
      file,
      `<Trap id="${id}">: the lesson has no traps/<letter>.${id}/ folder`,
      suggestion(id, ids, "trap"),
      line,
    ),
  ];
}

/** <Flashcard card> names a card of the lesson's cards.yaml; <CardDeck source> has cards. */
function checkCards(
  lesson: Lesson,
  file: string,
  props: Record<string, string>,
  line: number | undefined,
): AuthoringProblem[] {
  let cards;
  try {
    cards = loadLessonCards(lesson);
  } catch (caught) {
    if (caught instanceof CardsFileError) return []; // reported by the cards check
    throw caught;
  }
  if (props["card"] !== undefined) {
    const ids = cards.map((card) => card.id);
    if (ids.includes(props["card"])) return [];
    return [
      error(
        file,
        `<Flashcard card="${props["card"]}">: no card with this id in the lesson's cards.yaml`,
        suggestion(props["card"], ids, "card"),
        line,
      ),
    ];
  }
  const source = props["source"]!;
  if (cards.some((card) => card.source === source)) return [];
  return [
    error(
      file,
      `<CardDeck source="${source}">: the lesson's cards.yaml has no ${source} cards`,
      `add cards with source: ${source} to cards.yaml, or remove the deck`,
      line,
    ),
  ];
}

function fixFor(name: string, inMdx: boolean): string {
  if (!inMdx) return "fix the example program (it must export run(print) and run without throwing)";
  if (name === "LimiterSource") return "use the name of a file in lib/limiters";
  if (name === "Value") {
    return "use a name the example's run() returns, or return it (`return { name: value }`)";
  }
  return "use the file name of a program in the lesson's examples/ folder, without .ts";
}

function referencedIn(referenced: Map<string, Set<string>>, lessonDir: string): Set<string> {
  let ids = referenced.get(lessonDir);
  if (!ids) referenced.set(lessonDir, (ids = new Set()));
  return ids;
}

/** Every example runs, referenced or not; one that no page shows is probably left over. */
function checkExampleFiles(
  index: ContentIndex,
  referenced: Map<string, Set<string>>,
): AuthoringProblem[] {
  const problems: AuthoringProblem[] = [];
  for (const course of index.catalog.courses) {
    for (const lesson of course.lessons) {
      for (const id of listExamples(lesson.dir)) {
        const file = path.join(lesson.dir, "examples", `${id}.ts`);
        if (!referenced.get(lesson.dir)?.has(id)) {
          problems.push(
            warning(file, "no <RunExample> or <Value> uses this example", "use it or delete it"),
          );
          try {
            runExample(file);
          } catch (caught) {
            if (!(caught instanceof ContentError)) throw caught;
            problems.push(...problemsFromContentError(caught));
          }
        }
      }
    }
  }
  return problems;
}
