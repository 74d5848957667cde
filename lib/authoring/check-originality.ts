import fs from "node:fs";
import path from "node:path";
import { error, type AuthoringProblem } from "./problem";

// The lesson is written from course notes that are not ours to publish: every fact in them reaches
// the learner, but in our own words and our own code. This check finds any run of `minWords` or
// more consecutive words that a learner-visible file shares with the notes. It tokenises the way the
// team's reference tool (own-words.py) does, so the two count the same runs: curly quotes made
// straight, lower case, apostrophes dropped ("don't" is one word), then every run of [a-z0-9] is a
// word; in MDX, JSX tags (<Value … />) are blanked out line by line first, since the learner sees
// what they render, not their attributes.

/** Where the notes sit, relative to the project root: beside the clone, never inside it. */
export const defaultNotesFile = path.join(
  "..",
  "shared",
  "source",
  "rate-limiter-lesson-notes.txt",
);

const defaultMinWords = 12;

export interface Token {
  word: string;
  line: number;
}

export interface SharedRun {
  file: string;
  line: number;
  words: string[];
}

export type OriginalityResult =
  | { checked: false; notesFile: string }
  | { checked: true; notesFile: string; files: number; runs: SharedRun[] };

const jsxTag = /<\/?[A-Z][A-Za-z]*[^>]*>/g;

export function wordsOf(line: string): string[] {
  const straight = line.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');
  return (
    straight
      .toLowerCase()
      .replace(/'/g, "")
      .match(/[a-z0-9]+/g) ?? []
  );
}

/** The words of a text with the line each came from; `mdx` blanks JSX tags first. */
export function tokenize(text: string, mdx: boolean): Token[] {
  const tokens: Token[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = mdx ? raw.replace(jsxTag, " ") : raw;
    for (const word of wordsOf(line)) tokens.push({ word, line: index + 1 });
  });
  return tokens;
}

/** Every n-word sequence of the notes, by its text, with where it starts. */
export interface NotesIndex {
  words: string[];
  starts: Map<string, number[]>;
  minWords: number;
}

export function indexNotes(notes: string, minWords = defaultMinWords): NotesIndex {
  const words = tokenize(notes, false).map((token) => token.word);
  const starts = new Map<string, number[]>();
  for (let at = 0; at + minWords <= words.length; at++) {
    const key = words.slice(at, at + minWords).join(" ");
    const list = starts.get(key);
    if (list) list.push(at);
    else starts.set(key, [at]);
  }
  return { words, starts, minWords };
}

/**
 * The maximal runs a text shares with the notes, left to right: at each word, the longest run that
 * starts there (over every place in the notes it could come from); after a run, the search goes on
 * from its end, so one copied paragraph is one run however long it is.
 */
export function sharedRuns(file: string, tokens: Token[], notes: NotesIndex): SharedRun[] {
  const words = tokens.map((token) => token.word);
  const runs: SharedRun[] = [];
  const n = notes.minWords;
  let i = 0;
  while (i + n <= words.length) {
    let best = 0;
    for (const from of notes.starts.get(words.slice(i, i + n).join(" ")) ?? []) {
      let length = n;
      while (
        i + length < words.length &&
        from + length < notes.words.length &&
        words[i + length] === notes.words[from + length]
      ) {
        length++;
      }
      best = Math.max(best, length);
    }
    if (best > 0) {
      runs.push({ file, line: tokens[i]!.line, words: words.slice(i, i + best) });
      i += best;
    } else {
      i++;
    }
  }
  return runs;
}

/** A file a learner reads, and whether it is MDX (whose JSX tags they do not read). */
export interface LearnerFile {
  file: string;
  mdx: boolean;
}

const learnerExtensions: Record<string, boolean> = {
  ".mdx": true,
  ".md": true,
  ".yaml": false,
  ".yml": false,
  ".ts": false,
};

/**
 * Everything under the content root a learner can read: lessons, sections, cards, exercise and trap
 * READMEs and code, example programs. Then the library files a lesson shows with <LimiterSource>.
 */
function learnerFiles(contentRoot: string, limitersDir: string): LearnerFile[] {
  const files: LearnerFile[] = [];
  const shown = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      const mdx = learnerExtensions[path.extname(entry.name)];
      if (mdx === undefined) continue;
      files.push({ file, mdx });
      if (mdx) {
        const text = fs.readFileSync(file, "utf8");
        for (const match of text.matchAll(/<LimiterSource\s+file="([^"]+)"/g)) shown.add(match[1]!);
      }
    }
  };
  if (fs.existsSync(contentRoot)) walk(contentRoot);
  for (const name of [...shown].sort()) {
    const file = path.join(limitersDir, name);
    // An unknown file is the components check's problem; here there is nothing to read.
    if (!name.includes("/") && fs.existsSync(file)) files.push({ file, mdx: false });
  }
  return files.sort((a, b) => a.file.localeCompare(b.file));
}

export interface OriginalityOptions {
  contentRoot: string;
  /** The folder <LimiterSource file="…"> reads from. */
  limitersDir: string;
  /** The notes; when the file is absent the check reports that it skipped. */
  notesFile: string;
  minWords?: number;
}

export function checkOriginality(options: OriginalityOptions): OriginalityResult {
  const notesFile = path.resolve(options.notesFile);
  if (!fs.existsSync(notesFile)) return { checked: false, notesFile };
  const notes = indexNotes(fs.readFileSync(notesFile, "utf8"), options.minWords);
  const files = learnerFiles(options.contentRoot, options.limitersDir);
  const runs = files.flatMap(({ file, mdx }) =>
    sharedRuns(file, tokenize(fs.readFileSync(file, "utf8"), mdx), notes),
  );
  return { checked: true, notesFile, files: files.length, runs };
}

/** One error per shared run, at the line where it starts, quoting its first words. */
export function originalityProblems(result: OriginalityResult): AuthoringProblem[] {
  if (!result.checked) return [];
  return result.runs.map((run) => {
    const quoted = run.words.slice(0, 14).join(" ") + (run.words.length > 14 ? " …" : "");
    return error(
      run.file,
      `${run.words.length} words in a row are the course notes' own: "${quoted}"`,
      "say it in our own words (and, in code, our own names, comments and output); the fact stays, the sentence goes",
      run.line,
    );
  });
}
