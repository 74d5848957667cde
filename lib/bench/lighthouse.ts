// npm run bench:lighthouse [-- --pages home,exercise] [-- --form-factors mobile,desktop]
//                          [-- --url http://127.0.0.1:3217] [-- --runs 3] [-- --json out.json]
//                          [-- --reports dir] [-- --exercise fixed-window] [-- --cdp-port 9240]
//                          [-- --floor]
//
// Lighthouse 12.2.3 (performance only) on Debian's Chromium, mobile and desktop, for the home page,
// every section of the first lesson and one exercise page. Without --url it runs `next build` when
// the build is missing or older than the sources, then serves it with `next start` on a throwaway
// database and stops it afterwards; with --url it measures a server that is already running.
// With --runs N it keeps the median run of each page (Lighthouse's own choice of median). It prints
// one row per page and form factor, and fails if any request left the machine. With --floor it also
// builds and measures a bare Next.js page (one heading, one paragraph, the same framework), first,
// as the row "floor": what the framework alone scores here, at this load.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { ensureBuild } from "@/lib/cluster/build";
import { startBareNext } from "./bare-next";
import { benchPages, selectPages, type BenchPage } from "./bench-pages";
import { startBenchInstance } from "./bench-instance";
import { chromiumFlags, chromiumPath, isLoopback } from "./chromium";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    pages: { type: "string" },
    "form-factors": { type: "string", default: "mobile,desktop" },
    runs: { type: "string", default: "1" },
    json: { type: "string" },
    reports: { type: "string" },
    exercise: { type: "string" },
    "cdp-port": { type: "string", default: "0" },
    floor: { type: "boolean", default: false },
  },
});

type FormFactor = "mobile" | "desktop";

interface Row {
  page: string;
  path: string;
  formFactor: FormFactor;
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  transferredBytes: number | null;
  domNodes: number | null;
  htmlBytes: number | null;
  htmlTransferredBytes: number | null;
  offMachineRequests: string[];
  loadAverage: number;
  warnings: string[];
}

const root = process.cwd();
const runs = Math.max(1, Number(values.runs));
const formFactors = values["form-factors"]!.split(",").map((name) => {
  if (name !== "mobile" && name !== "desktop") throw new Error(`unknown form factor ${name}`);
  return name as FormFactor;
});

async function lighthouseOnce(url: string, formFactor: FormFactor): Promise<Result> {
  // A fresh browser (and profile) per run: nothing cached from the run before.
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
    port: Number(values["cdp-port"]),
    logLevel: "silent",
  });
  try {
    const flags: Flags = { port: chrome.port, logLevel: "error", onlyCategories: ["performance"] };
    const config =
      formFactor === "desktop"
        ? {
            ...desktopConfig,
            settings: { ...desktopConfig.settings, onlyCategories: ["performance"] },
          }
        : undefined;
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

function numeric(lhr: Result, audit: string): number | null {
  return lhr.audits[audit]?.numericValue ?? null;
}

function scoreOf(lhr: Result): number | null {
  const score = lhr.categories.performance?.score;
  return score === null || score === undefined ? null : Math.round(score * 100);
}

function toRow(page: BenchPage, formFactor: FormFactor, lhr: Result): Row {
  const details = lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined;
  const requests = details?.items ?? [];
  const documentRequest = requests.find((item) => item.resourceType === "Document");
  const warnings = [...lhr.runWarnings];
  if (lhr.runtimeError) warnings.unshift(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return {
    page: page.name,
    path: page.path,
    formFactor,
    score: scoreOf(lhr),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    transferredBytes: numeric(lhr, "total-byte-weight"),
    domNodes: numeric(lhr, "dom-size"),
    htmlBytes: documentRequest?.resourceSize ?? null,
    htmlTransferredBytes: documentRequest?.transferSize ?? null,
    offMachineRequests: requests.map((item) => item.url).filter((url) => !isLoopback(url)),
    loadAverage: os.loadavg()[0]!,
    warnings,
  };
}

async function measure(base: string, pages: BenchPage[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const formFactor of formFactors) {
    for (const page of pages) {
      const results: Result[] = [];
      let failed = 0;
      while (results.length < runs) {
        const result = await lighthouseOnce(new URL(page.path, base).href, formFactor);
        // A run that saw no first paint (Chromium's trace missed it) has no score to take a median
        // of; it is run again, at most twice per page, and counted in the printed row.
        if (numeric(result, "first-contentful-paint") === null && failed < 2) {
          failed++;
          continue;
        }
        results.push(result);
      }
      const lhr = runs > 1 ? computeMedianRun(results) : results[0]!;
      if (values.reports) {
        mkdirSync(values.reports, { recursive: true });
        const file = join(values.reports, `${page.name}-${formFactor}.json`);
        writeFileSync(file, JSON.stringify(lhr));
      }
      const row = toRow(page, formFactor, lhr);
      rows.push(row);
      console.log(
        `[lighthouse] ${formFactor} ${page.name}: ${row.score ?? "—"} ` +
          `(runs ${results.map((result) => scoreOf(result) ?? "—").join(", ")}` +
          `${failed ? `, ${failed} without a first paint run again` : ""}; ` +
          `load average ${row.loadAverage.toFixed(2)})`,
      );
    }
  }
  return rows;
}

function printTable(rows: Row[]): void {
  const fixed = (value: number | null, digits: number, scale = 1) =>
    value === null ? "—" : (value / scale).toFixed(digits);
  const header = [
    "page",
    "form",
    "perf",
    "LCP s",
    "TBT ms",
    "CLS",
    "moved kB",
    "DOM",
    "HTML kB",
    "HTML gz kB",
    "load",
  ];
  const table = rows.map((row) => [
    row.page,
    row.formFactor,
    row.score === null ? "—" : String(row.score),
    fixed(row.lcpMs, 2, 1000),
    fixed(row.tbtMs, 0),
    fixed(row.cls, 3),
    fixed(row.transferredBytes, 1, 1024),
    fixed(row.domNodes, 0),
    fixed(row.htmlBytes, 1, 1024),
    fixed(row.htmlTransferredBytes, 1, 1024),
    row.loadAverage.toFixed(2),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...table.map((cells) => cells[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join("  ");
  console.log(`\n${line(header)}`);
  for (const cells of table) console.log(line(cells));
  console.log(
    "\nperf: Lighthouse performance score; moved: bytes transferred (total-byte-weight); HTML: the " +
      "document, uncompressed and as sent; load: 1-minute load average after the run",
  );
}

async function main() {
  const pages = selectPages(benchPages(values.exercise), values.pages);
  let stop = async () => {};
  let base = values.url;
  if (!base) {
    await ensureBuild(root, (line) => console.log(`[lighthouse] ${line}`));
    const cluster = await startBenchInstance(root);
    stop = () => cluster.stop();
    base = cluster.instances[0]!.url;
  }
  try {
    console.log(
      `[lighthouse] ${base}, ${pages.length} pages × ${formFactors.join("+")}, ${runs} run(s) each, ` +
        `load average ${os.loadavg()[0]!.toFixed(2)} on ${os.availableParallelism()} cores`,
    );
    const rows: Row[] = [];
    if (values.floor) {
      const bare = await startBareNext(root, (line) => console.log(`[lighthouse] ${line}`));
      try {
        rows.push(...(await measure(bare.url, [{ name: "floor", path: "/" }])));
      } finally {
        await bare.stop();
      }
    }
    rows.push(...(await measure(base, pages)));
    printTable(rows);
    for (const row of rows) {
      for (const warning of row.warnings)
        console.log(`warning (${row.page}, ${row.formFactor}): ${warning}`);
    }
    if (values.json) {
      writeFileSync(
        values.json,
        JSON.stringify({ base, runs, measuredAt: new Date().toISOString(), rows }, null, 2),
      );
      console.log(`wrote ${values.json}`);
    }
    const offMachine = rows.flatMap((row) => row.offMachineRequests);
    if (offMachine.length > 0) {
      console.error(`requests left the machine: ${[...new Set(offMachine)].join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
