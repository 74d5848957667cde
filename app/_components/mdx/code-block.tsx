import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { languageLabel } from "@/lib/content/highlight";
import { highlightedCodeHtml, type HighlightedCode as Code } from "@/lib/content/highlighted-code";
import { registerHtmlIsland } from "@/lib/content/html-islands";
import { CodeFigureFrame } from "./code-figure-frame";
import { HighlightedCode } from "./highlighted-code";
import styles from "./code-figure.module.css";

interface CodeFigureProps {
  language: string | undefined;
  /** Shown in the bar instead of the language, e.g. a file path. */
  caption?: ReactNode;
  children: ReactNode;
}

/** A highlighted block with its language (or caption) and a copy button. */
export function CodeFigure({ language, caption, children }: CodeFigureProps) {
  return (
    <CodeFigureFrame
      label={caption ?? languageLabel(language)}
      language={caption ? languageLabel(language) : undefined}
    >
      {children}
    </CodeFigureFrame>
  );
}

/**
 * Highlighted code in its frame, the code as a static island (decision 340); `island={false}` for a
 * block a client component shows only later (not in the page's HTML).
 */
export function CodeFigureOf({
  code,
  caption,
  island = true,
}: {
  code: Code;
  caption?: string;
  island?: boolean;
}) {
  if (!island) {
    return (
      <CodeFigure language={code.language} caption={caption}>
        <HighlightedCode code={code} island={false} />
      </CodeFigure>
    );
  }
  return (
    <CodeFigureFrame
      label={caption ?? languageLabel(code.language)}
      language={caption ? languageLabel(code.language) : undefined}
      island={registerHtmlIsland(highlightedCodeHtml(code))}
      lines={code.text.split("\n").length}
    />
  );
}

type PreProps = ComponentPropsWithoutRef<"pre"> & { "data-code"?: string; "data-static"?: string };

/**
 * Replaces MDX's <pre>: shiki has already coloured it at build time, and rehypeCompactCode
 * (lib/content/compact-code.ts) left the block as JSON in `data-code`.
 */
export function CodeBlock(props: PreProps) {
  const { "data-code": json, "data-static": island, ...rest } = props;
  if (json === undefined) return <pre {...rest} />;
  const code = JSON.parse(json) as Code;
  return <CodeFigureOf code={code} island={island !== "false"} />;
}

/** Shiki's HTML for a whole file (example programs, limiter sources). */
export function HighlightedHtml({ html }: { html: string }) {
  return <div className={styles.codeHtml} dangerouslySetInnerHTML={{ __html: html }} />;
}
