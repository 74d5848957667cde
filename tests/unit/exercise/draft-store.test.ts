import { describe, expect, test } from "vitest";
import {
  chooseInitialCode,
  decodeLocalDraft,
  draftRestoreScript,
  draftStorageKey,
  encodeLocalDraft,
} from "@/app/_components/exercise/draft-store";

const starter = "export class FixedWindow {}";

describe("chooseInitialCode", () => {
  test("a new learner opens the starter", () => {
    expect(chooseInitialCode({ starter, local: null, server: null })).toEqual({
      code: starter,
      source: "starter",
    });
  });

  test("edits the server never acknowledged win over the server's copy", () => {
    const chosen = chooseInitialCode({
      starter,
      local: { code: "typed offline", synced: false },
      server: "older server copy",
    });
    expect(chosen).toEqual({ code: "typed offline", source: "local" });
  });

  test("once this device's copy was synced, the server's copy wins (another device may be newer)", () => {
    const chosen = chooseInitialCode({
      starter,
      local: { code: "synced here", synced: true },
      server: "edited on the laptop",
    });
    expect(chosen).toEqual({ code: "edited on the laptop", source: "server" });
  });

  test("without a server copy, this device's copy is used whether synced or not", () => {
    expect(
      chooseInitialCode({ starter, local: { code: "mine", synced: true }, server: null }),
    ).toEqual({ code: "mine", source: "local" });
  });

  test("an empty string is a real draft, not a missing one", () => {
    expect(chooseInitialCode({ starter, local: null, server: "" })).toEqual({
      code: "",
      source: "server",
    });
  });
});

describe("local draft encoding", () => {
  test("round-trips code and sync state", () => {
    const draft = { code: "const a = `x`;\n", synced: true };
    expect(decodeLocalDraft(encodeLocalDraft(draft))).toEqual(draft);
  });

  test("unreadable storage counts as no draft", () => {
    expect(decodeLocalDraft(null)).toBeNull();
    expect(decodeLocalDraft("not json")).toBeNull();
    expect(decodeLocalDraft(JSON.stringify({ v: 99, code: "x" }))).toBeNull();
    expect(decodeLocalDraft(JSON.stringify({ v: 1, code: 42 }))).toBeNull();
    expect(decodeLocalDraft("null")).toBeNull();
  });

  test("keys are per exercise", () => {
    expect(draftStorageKey("fixed-window")).not.toBe(draftStorageKey("token-bucket"));
  });
});

describe("draftRestoreScript", () => {
  // Runs the inline script as the browser would, with the <pre> before it and a localStorage.
  function runScript(exerciseId: string, stored: Record<string, string>) {
    const pre: { textContent: string; __shownBeforeHydration?: string } = {
      textContent: "starter",
    };
    const context = {
      document: { currentScript: { previousElementSibling: pre } },
      localStorage: { getItem: (key: string) => stored[key] ?? null },
    };
    new Function("document", "localStorage", draftRestoreScript(exerciseId))(
      context.document,
      context.localStorage,
    );
    return pre;
  }

  test("shows the draft decodeLocalDraft would read, before hydration", () => {
    const draft = { code: "const kept = 1;\n</script><b>", synced: false };
    const pre = runScript("fixed-window", {
      [draftStorageKey("fixed-window")]: encodeLocalDraft(draft),
    });
    expect(pre.textContent).toBe(draft.code);
    expect(pre.__shownBeforeHydration).toBe(draft.code);
  });

  test("leaves the starter when there is no draft, another exercise's, or an unreadable one", () => {
    expect(runScript("fixed-window", {}).textContent).toBe("starter");
    expect(
      runScript("fixed-window", {
        [draftStorageKey("token-bucket")]: encodeLocalDraft({ code: "x", synced: true }),
      }).textContent,
    ).toBe("starter");
    expect(
      runScript("fixed-window", { [draftStorageKey("fixed-window")]: "not json" }).textContent,
    ).toBe("starter");
    expect(
      runScript("fixed-window", {
        [draftStorageKey("fixed-window")]: JSON.stringify({ v: 99, code: "x" }),
      }).textContent,
    ).toBe("starter");
  });

  test("cannot close its own script element whatever the exercise id", () => {
    expect(draftRestoreScript("a</script><script>alert(1)")).not.toContain("</script>");
  });
});
