"use client";

import { useEffect, useState } from "react";
import { deleteRecording, listRecordings, type Recording } from "./recordings-db";
import buttons from "@/app/_components/buttons.module.css";
import styles from "./interview.module.css";

interface Item {
  recording: Recording;
  url: string;
}

/** The learner's recordings of one question, kept in this browser: play them back, delete them. */
export function RecordingList({ scope, version }: { scope: string; version: number }) {
  const [items, setItems] = useState<Item[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let made: Item[] = [];
    listRecordings(scope)
      .then((recordings) => {
        if (cancelled) return;
        made = recordings.map((recording) => ({
          recording,
          url: URL.createObjectURL(recording.audio),
        }));
        setItems(made);
      })
      .catch((caught: unknown) => {
        if (!cancelled) setError(caught instanceof Error ? caught.message : String(caught));
      });
    return () => {
      cancelled = true;
      made.forEach((item) => URL.revokeObjectURL(item.url));
    };
  }, [scope, version, reload]);

  if (error) return <p className={styles.error}>Recordings are unavailable: {error}</p>;
  if (!items || items.length === 0) return null;
  return (
    <section className={styles.recordings} aria-labelledby={`recordings-${scope}`}>
      <h3 id={`recordings-${scope}`}>Your recordings</h3>
      <p className={styles.hint}>Kept only in this browser. They are never uploaded.</p>
      <ul data-testid="recordings">
        {items.map(({ recording, url }, index) => {
          const label = `Recording ${items.length - index}, ${Math.round(recording.durationMs / 1000)} s, ${new Date(recording.createdAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}`;
          return (
            <li key={recording.id} className={styles.recording} data-testid="recording">
              <span>{label}</span>
              <audio controls src={url} preload="metadata" aria-label={`Play ${label}`} />
              <button
                type="button"
                className={buttons.secondary}
                onClick={() => {
                  void deleteRecording(recording.id).then(() => setReload((n) => n + 1));
                }}
              >
                Delete <span className="sr-only">{label}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
