import { offsetIn, readText } from "./plain-text";

// What the plain code layer (plain-editor.tsx) hands over to Monaco when it takes its place: read
// only then, so this is loaded with Monaco, not with the page.

export interface PlainState {
  /** The text as the learner sees it (keystrokes typed before hydration included). */
  text: string;
  /** The caret or selection as character offsets into the text, or null without focus. */
  selection: { start: number; end: number } | null;
  /** How far the code is scrolled, in CSS pixels. */
  scroll: { top: number; left: number };
  focused: boolean;
}

/** The state of the plain layer whose scrolling frame is given, or null if it holds no code. */
export function plainState(frame: HTMLElement): PlainState | null {
  const root = frame.querySelector("pre");
  if (!root) return null;
  const selection = document.getSelection();
  const range = selection?.rangeCount ? selection.getRangeAt(0) : null;
  const inside = range && root.contains(range.startContainer) && root.contains(range.endContainer);
  return {
    text: readText(root),
    selection: inside
      ? {
          start: offsetIn(root, range.startContainer, range.startOffset),
          end: offsetIn(root, range.endContainer, range.endOffset),
        }
      : null,
    scroll: { top: frame.scrollTop, left: frame.scrollLeft },
    focused: root === document.activeElement,
  };
}
