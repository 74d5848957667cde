import GithubSlugger from "github-slugger";
import type { Catalog, Lesson } from "@/lib/content/loader";
import { exerciseHref, lessonHref, sectionHref } from "@/lib/content/urls";

// What the site search finds: every lesson, every passage of a section (cut at its headings, so a
// result links to the heading it sits under), every exercise prompt, trap and review card. Built
// from the content tree at build time (app/search-index.json), never per keystroke.

export type SearchKind = "lesson" | "section" | "exercise" | "trap" | "card";

export interface SearchDocument {
  id: string;
  kind: SearchKind;
  /** The lesson it belongs to: results are grouped by it. */
  lesson: string;
  lessonHref: string;
  /** What the result is called: "Reference › Sliding log", an exercise's title… */
  title: string;
  href: string;
  /** Plain text: what is searched, and where the passage shown under a result comes from. */
  text: string;
}

export interface TrapText {
  id: string;
  letter: string;
  title: string;
  question: string;
  task: string;
  body: string;
}

export interface CardText {
  id: string;
  prompt: string;
  answer: string;
  section: string;
  anchor: string;
}

/** Extra content a lesson's search needs beyond the catalogue (read from its folders). */
export interface LessonExtras {
  traps: readonly TrapText[];
  cards: readonly CardText[];
  /** Exercise README bodies by exercise slug. */
  exercisePrompts: Readonly<Record<string, string>>;
}

/**
 * MDX to searchable text: code blocks, JSX tags, imports and markdown punctuation go; the words
 * stay. Inline code keeps its text (learners search for `allow()` and `Retry-After`).
 */
export function mdxToText(mdx: string): string {
  return mdx
    .replace(/^(import|export)\s.*$/gm, " ")
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/<\/?[A-Za-z][^>]*?\/?>/g, " ")
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_~|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

interface Passage {
  heading: string | null;
  anchor: string | null;
  body: string;
}

/** A section's MDX cut at its ## and ### headings, each with the id rehype-slug gives it. */
export function splitAtHeadings(mdx: string): Passage[] {
  const slugger = new GithubSlugger();
  const passages: Passage[] = [{ heading: null, anchor: null, body: "" }];
  let fenced = false;
  for (const line of mdx.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^(#{2,3})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      const text = mdxToText(heading[2]!);
      passages.push({ heading: text, anchor: slugger.slug(text), body: "" });
    } else {
      passages[passages.length - 1]!.body += `${line}\n`;
    }
  }
  return passages.filter((p) => p.heading !== null || mdxToText(p.body).length > 0);
}

/** Where each `<Trap id>` of a lesson sits: its section page and the heading above it. */
export function locateTraps(lesson: Lesson): Map<string, string> {
  const homes = new Map<string, string>();
  for (const section of lesson.sections) {
    const page = sectionHref(lesson.courseSlug, lesson.slug, section.slug);
    for (const passage of splitAtHeadings(section.body)) {
      for (const match of passage.body.matchAll(/<Trap\s+id="([^"]+)"/g)) {
        homes.set(match[1]!, passage.anchor ? `${page}#${passage.anchor}` : page);
      }
    }
  }
  return homes;
}

/** Every search document of the catalogue, in course, lesson and section order. */
export function searchDocuments(
  catalog: Catalog,
  extrasOf: (lesson: Lesson) => LessonExtras,
): SearchDocument[] {
  return catalog.courses.flatMap((course) =>
    course.lessons.flatMap((lesson) => lessonDocuments(lesson, extrasOf(lesson))),
  );
}

function lessonDocuments(lesson: Lesson, extras: LessonExtras): SearchDocument[] {
  const home = lessonHref(lesson.courseSlug, lesson.slug);
  const base = { lesson: lesson.title, lessonHref: home };
  const docs: SearchDocument[] = [
    {
      ...base,
      id: `${home}`,
      kind: "lesson",
      title: lesson.title,
      href: home,
      text: `${lesson.summary} ${mdxToText(lesson.body)}`,
    },
  ];
  const trapHome = locateTraps(lesson);

  for (const section of lesson.sections) {
    const page = sectionHref(lesson.courseSlug, lesson.slug, section.slug);
    splitAtHeadings(section.body).forEach((passage, index) => {
      const href = passage.anchor ? `${page}#${passage.anchor}` : page;
      docs.push({
        ...base,
        id: `${page}#${index}`,
        kind: "section",
        title: passage.heading ? `${section.title} › ${passage.heading}` : section.title,
        href,
        text:
          index === 0 && section.summary
            ? `${section.summary} ${mdxToText(passage.body)}`
            : mdxToText(passage.body),
      });
    });
  }

  for (const exercise of lesson.exercises) {
    const href = exerciseHref(lesson.courseSlug, lesson.slug, exercise.slug);
    docs.push({
      ...base,
      id: href,
      kind: "exercise",
      title: `Exercise: ${exercise.title}`,
      href,
      text: [
        exercise.summary,
        exercise.concepts.join(", "),
        mdxToText(extras.exercisePrompts[exercise.slug] ?? ""),
      ].join(" "),
    });
  }

  for (const trap of extras.traps) {
    const href =
      trapHome.get(trap.id) ?? `${sectionHref(lesson.courseSlug, lesson.slug, "code-traps")}`;
    docs.push({
      ...base,
      id: `trap:${lesson.courseSlug}/${lesson.slug}/${trap.id}`,
      kind: "trap",
      title: `Trap ${trap.letter}: ${trap.title}`,
      href,
      text: [trap.question, trap.task, mdxToText(trap.body)].join(" "),
    });
  }

  for (const card of extras.cards) {
    docs.push({
      ...base,
      id: `card:${lesson.courseSlug}/${lesson.slug}/${card.id}`,
      kind: "card",
      title: `Card: ${mdxToText(card.prompt)}`,
      href: `${sectionHref(lesson.courseSlug, lesson.slug, card.section)}#${card.anchor}`,
      text: mdxToText(card.answer),
    });
  }
  return docs;
}
