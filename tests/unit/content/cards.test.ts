import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, test } from "vitest";
import * as clockSkew from "@/content/courses/system-design/lessons/01.rate-limiter/examples/clock-skew";
import * as fixedWindowBoundary from "@/content/courses/system-design/lessons/01.rate-limiter/examples/fixed-window-boundary";
import * as interviewEstimate from "@/content/courses/system-design/lessons/01.rate-limiter/examples/interview-estimate";
import * as layeredLimits from "@/content/courses/system-design/lessons/01.rate-limiter/examples/layered-limits";
import * as slidingCounterWorstCase from "@/content/courses/system-design/lessons/01.rate-limiter/examples/sliding-counter-worst-case";
import * as keyNeverExpires from "@/content/courses/system-design/lessons/01.rate-limiter/examples/key-never-expires";
import * as gcraOneTimestamp from "@/content/courses/system-design/lessons/01.rate-limiter/examples/gcra-one-timestamp";
import * as threeInstances from "@/content/courses/system-design/lessons/01.rate-limiter/examples/three-instances";
import * as tokenBucketBurst from "@/content/courses/system-design/lessons/01.rate-limiter/examples/token-bucket-burst";
import { CardsFileError, parseCardsFile, type Card } from "@/lib/content/cards";

const lessonDir = "content/courses/system-design/lessons/01.rate-limiter";
const cardsPath = join(lessonDir, "cards.yaml");
const cards = parseCardsFile(readFileSync(cardsPath, "utf8"), cardsPath);

/** Section slug -> heading ids, slugged the way rehype-slug does it (github-slugger, per page). */
function headingIdsBySection(): Map<string, Set<string>> {
  const sectionsDir = join(lessonDir, "sections");
  const result = new Map<string, Set<string>>();
  for (const file of readdirSync(sectionsDir)) {
    const slug = file.replace(/^\d+\./, "").replace(/\.mdx$/, "");
    const body = readFileSync(join(sectionsDir, file), "utf8").replace(/```[\s\S]*?```/g, "");
    const slugger = new GithubSlugger();
    const ids = [...body.matchAll(/^#{2,3} (.+)$/gm)].map((m) =>
      slugger.slug(m[1]!.replace(/`/g, "")),
    );
    result.set(slug, new Set(ids));
  }
  return result;
}

function validCardsYaml(extra: string): string {
  return `cards:
  - id: one
    source: next-move
    section: next-move
    anchor: what-do-you-return
    prompt: What do you return?
    answer: "429."
${extra}`;
}

describe("the rate limiter lesson's cards.yaml", () => {
  test("parses and holds a card for each of the nine next-move questions and the three self-checks", () => {
    const bySource = (source: Card["source"]) => cards.filter((c) => c.source === source);
    expect(bySource("next-move")).toHaveLength(9);
    const openQuestions = bySource("check-yourself").filter((c) => c.grade === undefined);
    expect(openQuestions).toHaveLength(3);
    expect(cards.length).toBeGreaterThanOrEqual(12);
  });

  test("card ids are unique", () => {
    const ids = cards.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("every card points at a heading that exists in its section", () => {
    const headings = headingIdsBySection();
    const broken = cards
      .filter((c) => !headings.get(c.section)?.has(c.anchor))
      .map((c) => `${c.id} -> ${c.section}#${c.anchor}`);
    expect(broken).toEqual([]);
  });

  test("numeric answers equal the figures the lesson's example programs compute", () => {
    const quiet = () => {};
    const figures = {
      "fixed-window-boundary": fixedWindowBoundary.run(quiet),
      "token-bucket-burst": tokenBucketBurst.run(quiet),
      "three-instances": threeInstances.run(quiet),
      "gcra-one-timestamp": gcraOneTimestamp.run(quiet),
      "key-never-expires": keyNeverExpires.run(quiet),
      "layered-limits": layeredLimits.run(quiet),
      "interview-estimate": interviewEstimate.run(quiet),
      "sliding-counter-worst-case": slidingCounterWorstCase.run(quiet),
    };
    // card id -> the figure the lesson shows for the same question: the card must not drift from it.
    const linked: Record<string, unknown> = {
      "fixed-window-most-in-one-second": figures["fixed-window-boundary"].inOneSecond,
      "trap-fixed-window-boundary": figures["fixed-window-boundary"].inOneSecond,
      "token-bucket-after-idle": figures["token-bucket-burst"].afterIdle,
      "three-instances-full-limit": figures["three-instances"].fullLimit,
      "divided-limit-skewed": figures["three-instances"].skewed,
      "trap-divided-limit": figures["three-instances"].skewed,
      "gcra-retry-after": figures["gcra-one-timestamp"].waitMs,
      "trap-key-never-expires": figures["key-never-expires"].served,
      "layered-limits-charged": figures["layered-limits"].charged,
      "estimate-bucket-memory": figures["interview-estimate"].bucketMb,
      "sliding-counter-worst-case": figures["sliding-counter-worst-case"].counterWorst,
    };
    const numberCards = cards.filter((c) => c.grade?.kind === "number");
    expect(numberCards.map((c) => c.id).sort()).toEqual(Object.keys(linked).sort());
    for (const card of numberCards) {
      expect({ card: card.id, correct: card.grade?.correct }).toEqual({
        card: card.id,
        correct: linked[card.id],
      });
      expect(card.answer, `${card.id}'s answer states its number`).toContain(
        String(linked[card.id]),
      );
    }
  });

  test("the caller-time card quotes the skew and the refusals the clock-skew example computes", () => {
    const { skewSeconds, refusedInARow } = clockSkew.run(() => {});
    const card = cards.find((c) => c.id === "now-passed-into-script")!;
    expect(card.answer).toContain(`${skewSeconds} s fast`);
    expect(card.answer).toContain(`${refusedInARow} times in a row`);
    // The card used to grade "a script must not read the clock" as right; since Redis 5 it may.
    expect(card.grade?.kind === "choice" && card.grade.choices[card.grade.correct]).toMatch(
      /Redis 5/,
    );
  });
});

describe("parseCardsFile", () => {
  test("a bad cards file fails with the path, the card's index and id, and the field", () => {
    const path = "tests/fixtures/content/bad-cards.yaml";
    const parse = () => parseCardsFile(readFileSync(path, "utf8"), path);
    expect(parse).toThrow(CardsFileError);
    expect(parse).toThrow(
      `${path}: cards[1] (id "broken-choice"): grade.correct: index 5 is out of range for 2 choices`,
    );
  });

  test("a duplicate id is reported on the second card that uses it", () => {
    const text = validCardsYaml(`  - id: one
    source: trap
    section: code-traps
    anchor: trap-b-the-wall-clock
    prompt: Again?
    answer: Yes.
`);
    expect(() => parseCardsFile(text, "dup.yaml")).toThrow(
      'dup.yaml: cards[1] (id "one"): id: duplicate id "one" (first used by cards[0])',
    );
  });

  test("a missing field and an unknown source are both named in one error", () => {
    const text = validCardsYaml(`  - id: two
    source: blog-post
    section: next-move
    anchor: what-do-you-return
    answer: Yes.
`);
    let message = "";
    try {
      parseCardsFile(text, "missing.yaml");
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/missing\.yaml: cards\[1\] \(id "two"\): source: /);
    expect(message).toMatch(/missing\.yaml: cards\[1\] \(id "two"\): prompt: /);
  });

  test("text that is not YAML fails naming the file", () => {
    expect(() => parseCardsFile("cards: [unclosed", "broken.yaml")).toThrow(
      /^broken\.yaml: not valid YAML: /,
    );
  });

  test("a number grade with a tolerance parses into a typed card", () => {
    const [, card] = parseCardsFile(
      validCardsYaml(`  - id: two
    source: check-yourself
    section: check-yourself
    anchor: quick-checks
    prompt: How many?
    answer: About 1,000.
    grade: { kind: number, correct: 1000, tolerance: 10, explanation: Close enough. }
`),
      "ok.yaml",
    );
    expect(card?.grade).toEqual({
      kind: "number",
      correct: 1000,
      tolerance: 10,
      explanation: "Close enough.",
    });
  });
});
