import { describe, expect, test } from "vitest";
import type { ContentIndex } from "@/lib/authoring/content-index";
import { checkStudyTime } from "@/lib/authoring/check-study-time";
import { formatProblem } from "@/lib/authoring/problem";
import { formatMinutes } from "@/lib/content/minutes";
import {
  estimatePracticeMinutes,
  estimateReadingMinutes,
  proseWords,
} from "@/lib/content/study-time";

describe("reading and practice time", () => {
  test("prose words leave out frontmatter, fenced code, JSX tags and link targets", () => {
    const mdx = [
      "---",
      "title: Not counted",
      "---",
      "Two words.",
      "```ts",
      "const notCounted = 1;",
      "```",
      '<RunExample id="not-counted" /> three [four](/not/counted) five',
      "don't is one word",
    ].join("\n");
    expect(proseWords(mdx)).toBe(9);
  });

  test("estimates reading at 200 words a minute and practice from difficulty, traps and cards", () => {
    expect(estimateReadingMinutes(9_120)).toBe(46);
    expect(estimateReadingMinutes(10)).toBe(1);
    expect(
      estimatePracticeMinutes({ exercises: ["easy", "medium", "hard"], traps: 2, cards: 3 }),
    ).toBe(15 + 25 + 40 + 10 + 3);
  });

  test("practice time reads in hours once it passes one", () => {
    expect(formatMinutes(50)).toBe("50 min");
    expect(formatMinutes(60)).toBe("1 h");
    expect(formatMinutes(300)).toBe("5 h");
    expect(formatMinutes(150)).toBe("2 h 30 min");
  });
});

/** A lesson of `words` words of prose with the given exercises and traps, and no cards file. */
function indexOf(lesson: {
  minutes: number;
  practiceMinutes?: number;
  words: number;
  exercises?: ("easy" | "medium" | "hard")[];
  traps?: number;
  draft?: boolean;
}): ContentIndex {
  const shaped = {
    file: "content/courses/c/lessons/01.l/lesson.mdx",
    dir: "tests/fixtures/no-such-lesson",
    draft: lesson.draft ?? false,
    minutes: lesson.minutes,
    ...(lesson.practiceMinutes ? { practiceMinutes: lesson.practiceMinutes } : {}),
    exercises: (lesson.exercises ?? []).map((difficulty) => ({ difficulty })),
  };
  const documents = [
    { kind: "section", lesson: shaped, body: "word ".repeat(lesson.words) },
    ...Array.from({ length: lesson.traps ?? 0 }, () => ({
      kind: "trap",
      lesson: shaped,
      body: "",
    })),
  ];
  return { catalog: { courses: [{ lessons: [shaped] }] }, documents } as unknown as ContentIndex;
}

const printed = (index: ContentIndex) => checkStudyTime(index).map(formatProblem);

describe("content:check's study-time warnings", () => {
  test("a lesson whose stated times match its content passes", () => {
    expect(
      printed(
        indexOf({
          minutes: 50,
          practiceMinutes: 45,
          words: 9_000,
          exercises: ["medium", "medium"],
          traps: 1,
        }),
      ),
    ).toEqual([]);
  });

  test("warns when the reading time is well below what the prose takes, never when above", () => {
    expect(printed(indexOf({ minutes: 30, words: 9_000 }))).toEqual([
      "content/courses/c/lessons/01.l/lesson.mdx: warning: minutes: 30 stated, but the sections hold 9,000 words of prose, about 45 minutes at 200 words a minute\n" +
        "    fix: set minutes to about 45 (reading only; practice goes in practiceMinutes)",
    ]);
    expect(printed(indexOf({ minutes: 10, words: 200 }))).toEqual([]);
  });

  test("warns when exercises or traps have no practice time, or a practice time far from them", () => {
    expect(printed(indexOf({ minutes: 5, words: 900, exercises: ["hard"] }))).toEqual([
      "content/courses/c/lessons/01.l/lesson.mdx: warning: practiceMinutes: not stated, and the lesson has 1 exercise(s), 0 trap(s): learners cannot tell reading time from the whole\n" +
        "    fix: add practiceMinutes: 40 (estimated from difficulty, traps and cards)",
    ]);
    expect(
      printed(
        indexOf({
          minutes: 5,
          practiceMinutes: 150,
          words: 900,
          exercises: ["hard", "hard"],
          traps: 4,
        }),
      ),
    ).toEqual([
      "content/courses/c/lessons/01.l/lesson.mdx: warning: practiceMinutes: 150 stated, but 2 exercise(s), 4 trap(s) and the cards come to about 100\n" +
        "    fix: set practiceMinutes to about 100",
    ]);
  });

  test("skips drafts, whose times are stated before the content exists", () => {
    expect(
      printed(indexOf({ minutes: 1, words: 20_000, exercises: ["hard"], draft: true })),
    ).toEqual([]);
  });
});
