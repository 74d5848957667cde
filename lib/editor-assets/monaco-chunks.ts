import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

// The files the exercise page's dynamic import of Monaco loads, found in the production build, so
// lesson pages can prefetch them while the reader is idle (decision 244). Chunk names are content
// hashes known only after `next build`: next/dynamic records each dynamic import's files in the
// page's react-loadable-manifest.json, and the Monaco entry is the one whose script sets
// MonacoEnvironment (the signature page-weight and the e2e tests look for too).

const MANIFEST = join(
  "server",
  "app",
  "courses",
  "[course]",
  "[lesson]",
  "exercises",
  "[exercise]",
  "page",
  "react-loadable-manifest.json",
);

interface LoadableEntry {
  files?: string[];
}

/** URLs under /_next/ of Monaco's scripts and styles; empty when there is no build to read. */
export function findMonacoChunks(buildDir: string): string[] {
  const manifestFile = join(buildDir, MANIFEST);
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, LoadableEntry>;
  for (const entry of Object.values(manifest)) {
    const files = entry.files ?? [];
    const carriesMonaco = files.some(
      (file) =>
        file.endsWith(".js") &&
        existsSync(join(buildDir, file)) &&
        readFileSync(join(buildDir, file), "utf8").includes("MonacoEnvironment"),
    );
    if (carriesMonaco) return files.map((file) => `/_next/${file}`);
  }
  return [];
}
