"use client";

import { useEffect } from "react";
import { FONT_SIZES, stepFontSize } from "@/lib/workspace/prefs";
import { useEditorPrefs } from "./use-editor-prefs";
import styles from "./workspace.module.css";

export interface EditorSettingsProps {
  focus: boolean;
  onFocusChange(focus: boolean): void;
}

/** Word wrap, font size and focus mode: the editor's settings, remembered in this browser. */
export function EditorSettings({ focus, onFocusChange }: EditorSettingsProps) {
  // The settings' own copy of the shared store (use-editor-prefs.ts), not a prop: the page's
  // changes of it must not reach this component before its code has arrived (exercise-workspace).
  const [prefs, onChange] = useEditorPrefs();
  useFocusMode(focus, onFocusChange);
  const smallest = FONT_SIZES[0];
  const largest = FONT_SIZES[FONT_SIZES.length - 1]!;
  return (
    <div className={styles.settings} role="group" aria-label="Editor settings">
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={prefs.wordWrap}
        onClick={() => onChange({ wordWrap: !prefs.wordWrap })}
        data-testid="word-wrap"
      >
        Wrap lines
      </button>
      <span className={styles.fontSize}>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => onChange({ fontSize: stepFontSize(prefs.fontSize, -1) })}
          disabled={prefs.fontSize <= smallest}
          aria-label="Smaller code"
          data-testid="font-smaller"
        >
          A−
        </button>
        <output aria-live="polite" aria-label="Code font size" data-testid="font-size">
          {prefs.fontSize} px
        </output>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => onChange({ fontSize: stepFontSize(prefs.fontSize, 1) })}
          disabled={prefs.fontSize >= largest}
          aria-label="Larger code"
          data-testid="font-larger"
        >
          A+
        </button>
      </span>
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={focus}
        onClick={() => onFocusChange(!focus)}
        title={focus ? "Leave focus mode (Esc)" : "Fill the screen with the workspace"}
        data-testid="focus-mode"
      >
        {focus ? "Exit focus" : "Focus mode"}
      </button>
    </div>
  );
}

/**
 * Focus mode: the workspace covers the whole window (site header and page chrome out of sight)
 * until the learner leaves it with the button or Esc. Esc that Monaco used (closing a suggestion
 * list) arrives prevented and does not leave focus mode. Here, with the button that turns it on, so
 * that the page's first load does not carry it.
 */
function useFocusMode(focus: boolean, onFocusChange: (focus: boolean) => void) {
  useEffect(() => {
    if (!focus) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (document.querySelector("dialog[open]")) return;
      onFocusChange(false);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => {
      root.style.overflow = previous;
      window.removeEventListener("keydown", onKeyDown);
    };
  }, [focus, onFocusChange]);
}
