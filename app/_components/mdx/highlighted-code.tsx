import { highlightedCodeHtml, type HighlightedCode } from "@/lib/content/highlighted-code";
import { registerHtmlIsland } from "@/lib/content/html-islands";
import { HtmlIsland } from "./html-island";

/**
 * A block highlighted at build time, as a static island (decision 340): its markup is in the page's
 * HTML once, and the framework's payload carries only the island's id. `island={false}` for a
 * block a client component shows only later (not in the page's HTML): the payload carries it.
 */
export function HighlightedCode({
  code,
  island = true,
}: {
  code: HighlightedCode;
  island?: boolean;
}) {
  const html = highlightedCodeHtml(code);
  if (!island) {
    return <pre className="shiki" tabIndex={0} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return <HtmlIsland as="pre" className="shiki" tabIndex={0} island={registerHtmlIsland(html)} />;
}
