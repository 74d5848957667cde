import { afterEach, describe, expect, it, vi } from "vitest";
import { readStored, writeStored } from "@/app/_components/browser-storage";

function storage(refuse: boolean): Storage {
  const entries = new Map<string, string>();
  const check = () => {
    if (refuse) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
  return {
    getItem: (key) => (check(), entries.get(key) ?? null),
    setItem: (key, value) => (check(), void entries.set(key, value)),
    removeItem: (key) => (check(), void entries.delete(key)),
    clear: () => entries.clear(),
    key: () => null,
    get length() {
      return entries.size;
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("this browser's storage", () => {
  it("stores, reads back and removes an entry", () => {
    vi.stubGlobal("window", { localStorage: storage(false) });
    expect(readStored("k")).toBeNull();
    expect(writeStored("k", "v")).toBe(true);
    expect(readStored("k")).toBe("v");
    expect(writeStored("k", null)).toBe(true);
    expect(readStored("k")).toBeNull();
  });

  it("reads as empty and says a write was refused when storage refuses or is missing", () => {
    vi.stubGlobal("window", { localStorage: storage(true) });
    expect(readStored("k")).toBeNull();
    expect(writeStored("k", "v")).toBe(false);
    vi.stubGlobal("window", {});
    expect(readStored("k")).toBeNull();
    expect(writeStored("k", null)).toBe(false);
  });
});
