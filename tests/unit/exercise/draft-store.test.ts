import { describe, expect, test } from "vitest";
import {
  chooseInitialCode,
  decodeLocalDraft,
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
