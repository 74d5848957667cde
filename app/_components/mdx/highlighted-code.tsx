"use client";

import { highlightedCodeHtml, type HighlightedCode } from "@/lib/content/highlighted-code";

/**
 * A block highlighted at build time. A client component on purpose: the page's payload then carries
 * the compact `code` (text and colour runs), and the spans are written once, into the HTML, instead
 * of once there and again in the payload as a server component's output (decision 250).
 */
export function HighlightedCode({ code }: { code: HighlightedCode }) {
  return (
    <pre
      className="shiki"
      tabIndex={0}
      dangerouslySetInnerHTML={{ __html: highlightedCodeHtml(code) }}
    />
  );
}
