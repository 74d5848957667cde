import { describe, expect, test } from "vitest";
import { parsePaneLayout } from "@/lib/workspace/pane-layout";
import { DEFAULT_EDITOR_PREFS, parseEditorPrefs, stepFontSize } from "@/lib/workspace/prefs";

describe("the workspace's remembered settings", () => {
  test("stored settings come back as they were saved", () => {
    expect(parseEditorPrefs(JSON.stringify({ wordWrap: true, fontSize: 18 }))).toEqual({
      wordWrap: true,
      fontSize: 18,
    });
  });

  test("unreadable or foreign values fall back to the defaults field by field", () => {
    expect(parseEditorPrefs(null)).toEqual(DEFAULT_EDITOR_PREFS);
    expect(parseEditorPrefs("{not json")).toEqual(DEFAULT_EDITOR_PREFS);
    expect(parseEditorPrefs(JSON.stringify({ wordWrap: true, fontSize: 999 }))).toEqual({
      wordWrap: true,
      fontSize: DEFAULT_EDITOR_PREFS.fontSize,
    });
  });

  test("font size steps along the scale and stops at its ends", () => {
    expect(stepFontSize(14, 1)).toBe(15);
    expect(stepFontSize(14, -1)).toBe(13);
    expect(stepFontSize(12, -1)).toBe(12);
    expect(stepFontSize(22, 1)).toBe(22);
  });

  test("a pane layout is used only when it names every pane and adds up to 100", () => {
    const ids = ["prompt", "work"];
    expect(parsePaneLayout(JSON.stringify({ prompt: 30, work: 70 }), ids)).toEqual({
      prompt: 30,
      work: 70,
    });
    expect(parsePaneLayout(JSON.stringify({ prompt: 30, work: 30 }), ids)).toBeNull();
    expect(parsePaneLayout(JSON.stringify({ prompt: 30 }), ids)).toBeNull();
    expect(parsePaneLayout(JSON.stringify({ prompt: 30, work: 60, extra: 10 }), ids)).toBeNull();
    expect(parsePaneLayout("[]", ids)).toBeNull();
  });
});
