// npm run bench:editor [-- --url http://127.0.0.1:3217] [-- --runs 5] [-- --exercise fixed-window]
//                      [-- --json out.json] [-- --only typing|first-run]
//
// How soon a learner can type on an exercise page, in Debian's Chromium (desktop viewport, no
// throttling) through playwright-core. From navigation start, it clicks the code's first line and
// presses a key every few milliseconds until a keystroke lands in the code:
//   typing   the keystroke is in the code the page will judge (the text the learner sees, whatever
//            edits it: the page's own text layer before Monaco, Monaco after);
//   monaco   the keystroke is in Monaco's model.
// Cold: a new browser context (empty HTTP and code caches). Warm: the same context, the page
// visited once before. From lesson: a new context that read the lesson's Practice section first
// (whatever it prefetches while idle), then followed a link here. Median of --runs (5).
// Lost keystrokes: a new context types 20 characters as soon as the code is visible, then waits
// for Monaco and counts what the final text is missing.
// First Run: click → verdict painted, once the page is idle, as early as the button is hydrated, and
// a second Run (first-run.ts).
// Without --url it builds when needed and serves `next start` itself, like bench:lighthouse.
import { writeFileSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { ensureBuild } from "@/lib/cluster/build";
import { benchPages } from "./bench-pages";
import { startBenchInstance } from "./bench-instance";
import { chromiumFlags, chromiumPath } from "./chromium";
import { firstRun, type FirstRun } from "./first-run";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    runs: { type: "string", default: "5" },
    exercise: { type: "string" },
    json: { type: "string" },
    only: { type: "string" },
  },
});

const runs = Math.max(1, Number(values.runs));
const measureTyping = values.only !== "first-run";
const measureFirstRun = values.only !== "typing";
const PROBE_KEY = "q";
const TYPED = PROBE_KEY.repeat(20);
const TIMEOUT_MS = 30_000;

interface EditorState {
  now: number;
  visible: boolean;
  monaco: boolean;
  text: string | null;
  x: number;
  y: number;
}

// Runs in the page: the first editor frame on the page (the learner's solution), its text and
// where its first line of code is.
function readEditorState(): EditorState | null {
  const frame = document.querySelector<HTMLElement>("[data-editor-ready]");
  if (!frame) return null;
  const rect = frame.getBoundingClientRect();
  const editors = (window as unknown as { __tradeoffEditors?: Record<string, unknown> })
    .__tradeoffEditors;
  type Live = { getContainerDomNode(): HTMLElement; getValue(): string };
  const live = Object.values(editors ?? {}).find((editor) =>
    frame.contains((editor as Live).getContainerDomNode()),
  ) as Live | undefined;
  const overlay = frame.querySelector<HTMLElement>("[data-testid=editor-skeleton]");
  let text: string | null = null;
  if (live && frame.dataset.editorReady === "true") text = live.getValue();
  else if (overlay instanceof HTMLTextAreaElement) text = overlay.value;
  else if (overlay) text = overlay.textContent;
  return {
    now: performance.now(),
    // In the viewport: before the stylesheet arrives, layout puts the frame far below.
    visible: rect.width > 0 && rect.height > 0 && rect.top >= 0 && rect.top < innerHeight - 20,
    monaco: Boolean(live) && frame.dataset.editorReady === "true",
    text,
    x: rect.left + Math.min(120, rect.width / 2),
    y: rect.top + 10,
  };
}

async function state(page: Page): Promise<EditorState | null> {
  // Throws while the navigation replaces the document: that is "not yet".
  return page.evaluate(readEditorState).catch(() => null);
}

const count = (text: string | null) => (text ?? "").split(PROBE_KEY).length - 1;

interface Readiness {
  typingMs: number;
  monacoMs: number;
}

async function timeToTyping(page: Page, url: string): Promise<Readiness> {
  await page.goto(url, { waitUntil: "commit" });
  const deadline = Date.now() + TIMEOUT_MS;
  let typingMs: number | null = null;
  while (Date.now() < deadline) {
    const before = await state(page);
    if (!before?.visible) continue;
    await page.mouse.click(before.x, before.y).catch(() => {});
    await page.keyboard.press(PROBE_KEY).catch(() => {});
    const after = await state(page);
    if (!after || after.text === null || count(after.text) <= count(before.text)) continue;
    typingMs ??= after.now;
    if (after.monaco) return { typingMs, monacoMs: after.now };
  }
  throw new Error(`no keystroke landed in Monaco within ${TIMEOUT_MS} ms of navigating to ${url}`);
}

async function lostKeystrokes(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "commit" });
  let first: EditorState | null = null;
  const deadline = Date.now() + TIMEOUT_MS;
  // Its text read, too: a frame already laid out may not hold the code yet, and counting from an
  // empty text once reported 3 keystrokes more than were typed (the starter's own q's).
  while (!(first?.visible && first.text) && Date.now() < deadline) first = await state(page);
  if (!first?.visible || !first.text) throw new Error(`no editor on ${url}`);
  // Painted, not only laid out: animation frames wait for the first paint.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const initial = count(first.text);
  await page.mouse.click(first.x, first.y);
  await page.keyboard.type(TYPED, { delay: 40 });
  await page.locator("[data-editor-ready=true]").first().waitFor({ timeout: TIMEOUT_MS });
  await page.waitForTimeout(500);
  const final = await state(page);
  await page.close();
  return TYPED.length - (count(final?.text ?? null) - initial);
}

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function measure(browser: Browser, base: string) {
  const pages = benchPages(values.exercise);
  const exercise = new URL(pages.find((page) => page.name === "exercise")!.path, base).href;
  const practice = pages.find((page) => page.name === "practice");
  const viewport = { width: 1280, height: 800 };
  const cold: Readiness[] = [];
  const warm: Readiness[] = [];
  const fromLesson: Readiness[] = [];
  const lost: number[] = [];
  const first: FirstRun[] = [];
  for (let run = 0; run < runs; run++) {
    let line = `[editor] run ${run + 1}:`;
    if (measureTyping) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      cold.push(await timeToTyping(page, exercise));
      await page.waitForTimeout(1000);
      await page.goto("about:blank");
      warm.push(await timeToTyping(page, exercise));
      await context.close();

      if (practice) {
        const lessonContext = await browser.newContext({ viewport });
        const lessonPage = await lessonContext.newPage();
        await lessonPage.goto(new URL(practice.path, base).href, { waitUntil: "load" });
        await lessonPage.waitForTimeout(5000);
        fromLesson.push(await timeToTyping(lessonPage, exercise));
        await lessonContext.close();
      }

      const lostContext = await browser.newContext({ viewport });
      lost.push(await lostKeystrokes(lostContext, exercise));
      await lostContext.close();
      const pair = (r: Readiness) => `${Math.round(r.typingMs)}/${Math.round(r.monacoMs)} ms`;
      line +=
        ` cold ${pair(cold.at(-1)!)}, warm ${pair(warm.at(-1)!)},` +
        (fromLesson.length > 0 ? ` from lesson ${pair(fromLesson.at(-1)!)},` : "") +
        ` lost ${lost.at(-1)}/${TYPED.length},`;
    }
    if (measureFirstRun) {
      const result = await firstRun(browser, exercise, viewport);
      first.push(result);
      line +=
        ` first Run idle ${Math.round(result.idleMs)} ms` +
        `${result.idleSignal ? "" : " (no warm-up mark: 3 s after load)"},` +
        ` early ${Math.round(result.earlyMs)} ms (${Math.round(result.earlyFromNavigationMs)} ms from navigation),` +
        ` second ${Math.round(result.secondMs)} ms (${result.verdicts.join(", ")}); early marks ${JSON.stringify(result.earlyMarks)}`;
    }
    console.log(`${line} (load average ${os.loadavg()[0]!.toFixed(2)})`);
  }
  return { exercise, cold, warm, fromLesson, lost, first };
}

async function main() {
  let stop = async () => {};
  let base = values.url;
  if (!base) {
    await ensureBuild(process.cwd(), (line) => console.log(`[editor] ${line}`));
    const cluster = await startBenchInstance(process.cwd());
    stop = () => cluster.stop();
    base = cluster.instances[0]!.url;
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const loadBefore = os.loadavg()[0]!;
    const result = await measure(browser, base);
    const row = (name: string, samples: Readiness[]) =>
      samples.length === 0
        ? ""
        : `${name.padEnd(12)} ${Math.round(median(samples.map((s) => s.typingMs)))
            .toString()
            .padStart(9)} ms ${Math.round(median(samples.map((s) => s.monacoMs)))
            .toString()
            .padStart(12)} ms\n`;
    const load = `load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after, ${os.availableParallelism()} cores`;
    if (measureTyping) {
      console.log(
        `\nNavigation to typing on ${result.exercise}, median of ${runs} (${load})\n` +
          `${"".padEnd(12)} ${"typing".padStart(12)} ${"in Monaco".padStart(15)}\n` +
          row("cold", result.cold) +
          row("warm", result.warm) +
          row("from lesson", result.fromLesson) +
          `lost keystrokes (of ${TYPED.length} typed as soon as the code shows): ${result.lost.join(", ")}`,
      );
    }
    if (measureFirstRun) {
      const ms = (pick: (r: FirstRun) => number) =>
        `${Math.round(median(result.first.map(pick)))
          .toString()
          .padStart(7)} ms`;
      console.log(
        `\nRun: click → verdict painted, median of ${runs} (${load})\n` +
          `first Run, page idle   ${ms((r) => r.idleMs)}   (issue 20, before the page warmed its judge: 150–220 ms)\n` +
          `first Run, early       ${ms((r) => r.earlyMs)}   (as soon as Run is hydrated; ${ms((r) => r.earlyFromNavigationMs).trim()} from navigation)\n` +
          `second Run             ${ms((r) => r.secondMs)}`,
      );
    }
    if (values.json) writeFileSync(values.json, JSON.stringify({ base, runs, ...result }, null, 2));
  } finally {
    await browser.close();
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
