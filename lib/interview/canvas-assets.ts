import fs from "node:fs";
import path from "node:path";

// The drawing canvas (Excalidraw) loads its fonts from an asset path we set to our own origin
// (/canvas-assets/), never its CDN. This serves them straight from the installed package: only
// .woff2 files under its fonts folder, by a path of plain segments (docs/decisions/171).

const PACKAGE_DIST = path.join(
  process.cwd(),
  "node_modules",
  "@excalidraw",
  "excalidraw",
  "dist",
  "prod",
);
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface CanvasAsset {
  file: string;
  contentType: string;
}

export function resolveCanvasAsset(
  segments: readonly string[],
  root = PACKAGE_DIST,
): CanvasAsset | null {
  if (segments.length < 2 || segments[0] !== "fonts") return null;
  if (!segments.every((segment) => SEGMENT.test(segment) && !segment.includes(".."))) return null;
  const last = segments[segments.length - 1]!;
  if (!last.endsWith(".woff2")) return null;
  const file = path.join(root, ...segments);
  if (!file.startsWith(path.join(root, "fonts") + path.sep)) return null;
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return null;
  return { file, contentType: "font/woff2" };
}
