// Spoken answers, kept only in this browser (IndexedDB): never uploaded, deleted on request. One
// object store keyed by id; each recording remembers which lesson and question it answered.

export interface Recording {
  id: string;
  /** "<course>/<lesson>/<part>": the drill's answer or a follow-up's card. */
  scope: string;
  createdAt: number;
  durationMs: number;
  type: string;
  audio: Blob;
}

const DB_NAME = "tradeoff-interview";
const STORE = "recordings";

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") {
      reject(new Error("This browser cannot keep recordings (no IndexedDB)."));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: "id" });
      store.createIndex("scope", "scope");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB did not open"));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? request.error);
      transaction.onabort = () => reject(transaction.error ?? new Error("aborted"));
    });
  } finally {
    db.close();
  }
}

export async function saveRecording(recording: Recording): Promise<void> {
  await run("readwrite", (store) => store.put(recording));
}

/** The recordings of one scope, newest first. */
export async function listRecordings(scope: string): Promise<Recording[]> {
  const all = await run("readonly", (store) =>
    store.index("scope").getAll(IDBKeyRange.only(scope)),
  );
  return (all as Recording[]).sort((a, b) => b.createdAt - a.createdAt);
}

export async function deleteRecording(id: string): Promise<void> {
  await run("readwrite", (store) => store.delete(id));
}
