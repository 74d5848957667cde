// This browser's localStorage, which may be missing or refuse (private mode, a policy, a full quota):
// every read and write here fails quietly, so that a page never breaks for want of storage. What
// the caller loses without it (a draft beyond the page view, a remembered choice) is its to say.

/** The stored text, or null when there is none or storage cannot be read. */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores the text (null removes the entry); false when storage refused it. */
export function writeStored(key: string, value: string | null): boolean {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
