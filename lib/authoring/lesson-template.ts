// The files `npm run new -- lesson` writes. Every one is valid as written (content:check passes on
// it) and says, in its placeholder text, what belongs there, so the author replaces prose rather than
// looking up a format. The lesson starts as a draft: only instructors see it until draft: false.

export interface LessonTemplateInput {
  courseSlug: string;
  lessonSlug: string;
  title: string;
}

interface SectionTemplate {
  slug: string;
  title: string;
  summary: string;
  body: (input: LessonTemplateInput) => string;
}

const sections: readonly SectionTemplate[] = [
  {
    slug: "answer",
    title: "The Answer",
    summary: "What to say in the first 45 seconds.",
    body: () => `<Callout kind="interview" title="The 45-second version">

1. **The first point.** One or two sentences a candidate can say out loud.
2. **The second point.** Each point is a claim the rest of the lesson backs with running code.

</Callout>
`,
  },
  {
    slug: "understand",
    title: "Understand It",
    summary: "Why the answer is right, with figures computed by running the code.",
    body: () => `## What the example shows

Every figure in the prose comes from a program in this lesson's \`examples/\` folder, run when the
page is built. This one is \`examples/first-example.ts\`:

<RunExample id="first-example" />

It admitted <Value example="first-example" name="admitted" /> of the burst. Write figures like that,
never by hand.
`,
  },
  {
    slug: "reference",
    title: "Reference",
    summary: "The decisions, the code and the configuration to copy.",
    body: () => `## The code

Show a file of \`lib/limiters\` exactly as the site runs it:

<LimiterSource file="token-bucket.ts" />
`,
  },
  {
    slug: "scenarios",
    title: "Scenarios",
    summary: "Situations from production, each with the diagnosis and the decision.",
    body: () => `## A first scenario

**Situation.** What the interviewer describes.

**Likely cause.** What is going on, and how to confirm it.

**Decision.** What to do, and the argument that makes it defensible.
`,
  },
  {
    slug: "next-move",
    title: "Interviewer's Next Move",
    summary: "The follow-up questions, with model answers.",
    body: () => `## "The first follow-up?"

The model answer, in the words a candidate would use.
`,
  },
  {
    slug: "code-traps",
    title: "Code Traps",
    summary: "Snippets that look correct and are not.",
    body: () => `## Trap A: a first trap

\`\`\`ts
// A few lines that pass a casual review.
\`\`\`

<Reveal label="What goes wrong">

The answer, and why.

</Reveal>
`,
  },
  {
    slug: "check-yourself",
    title: "Check Yourself",
    summary: "Questions to answer in your own words before opening the model answer.",
    body: () => `## A first question

<Reveal>

The model answer.

</Reveal>
`,
  },
  {
    slug: "practice",
    title: "Practice",
    summary: "Exercises judged against a fake clock.",
    body: ({ courseSlug, lessonSlug }) => `## The exercises

Add one with \`npm run new -- exercise ${courseSlug}/${lessonSlug}/<slug>\`.

<ExerciseList />
`,
  },
];

export function lessonFiles(input: LessonTemplateInput): Record<string, string> {
  const files: Record<string, string> = {
    "lesson.mdx": `---
title: ${yamlString(input.title)}
summary: One sentence a learner reads on the course page before choosing this lesson.
# Reading time of the sections only; practice (exercises, traps, cards) is stated apart.
minutes: 10
practiceMinutes: 20
tags: []
# Only instructors see a draft (with a banner). Set false to publish.
draft: true
---

The lesson's introduction: the question, and what a strong answer does that a weak one does not.
`,
    "examples/first-example.ts": `import { ManualClock, TokenBucket, burst } from "@/lib/limiters";

// An example program: a section shows what it prints (<RunExample id="first-example" />) and quotes
// what it returns (<Value example="first-example" name="admitted" />). Import only from
// @/lib/limiters and @/lib/simulation, and read time only from a ManualClock.
export function run(print: (line: string) => void) {
  const clock = new ManualClock(0);
  const admitted = burst(new TokenBucket(10, 5, clock), 15);
  print(\`  15 requests at t=0 into a bucket of 10: \${admitted} admitted\`);
  return { admitted };
}
`,
  };
  sections.forEach((section, index) => {
    const prefix = String(index + 1).padStart(2, "0");
    files[`sections/${prefix}.${section.slug}.mdx`] = `---
title: ${yamlString(section.title)}
summary: ${section.summary}
---

${section.body(input)}`;
  });
  return files;
}

/** Quoted when YAML would otherwise read it as something else (a colon, a leading quote…). */
export function yamlString(value: string): string {
  return /^[\w][\w ,.'()?-]*$/.test(value) && !value.includes(": ") ? value : JSON.stringify(value);
}
