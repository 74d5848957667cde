import { Fragment, type ReactNode } from "react";

// The little markdown that cards.yaml answers and trap questions use: paragraphs, "- " lists,
// `code`, **bold** and _emphasis_. Rendered as React elements, never as HTML, so nothing in a card
// can inject markup; runs in server and client components alike.

const INLINE = /(`[^`]+`|\*\*[^*]+\*\*|_[^_\s][^_]*_|\*[^*\s][^*]*\*)/g;

export function renderInline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    if (part.length > 1 && part.startsWith("`") && part.endsWith("`")) {
      return <code key={i}>{part.slice(1, -1)}</code>;
    }
    if (part.length > 4 && part.startsWith("**") && part.endsWith("**")) {
      return <strong key={i}>{part.slice(2, -2)}</strong>;
    }
    if (
      part.length > 2 &&
      ((part.startsWith("_") && part.endsWith("_")) || (part.startsWith("*") && part.endsWith("*")))
    ) {
      return <em key={i}>{part.slice(1, -1)}</em>;
    }
    return <Fragment key={i}>{part}</Fragment>;
  });
}

/** Blocks separated by blank lines; a block whose lines all start with "- " is a list. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const blocks = text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return (
    <div className={className}>
      {blocks.map((block, i) => {
        const lines = block.split("\n");
        if (lines.every((line) => /^\s*- /.test(line))) {
          return (
            <ul key={i}>
              {lines.map((line, j) => (
                <li key={j}>{renderInline(line.replace(/^\s*- /, ""))}</li>
              ))}
            </ul>
          );
        }
        return <p key={i}>{renderInline(lines.join(" "))}</p>;
      })}
    </div>
  );
}
