import { createHash } from "node:crypto";
import { htmlIslandRegistry } from "./html-island-registry";

/**
 * Keeps `html` for the page being rendered and returns the id its island carries in the payload
 * (decision 340). The id is a hash of the HTML: the same block on two pages is one entry.
 */
export function registerHtmlIsland(html: string): string {
  const id = createHash("sha256").update(html).digest("base64url").slice(0, 12);
  htmlIslandRegistry().set(id, html);
  return id;
}
