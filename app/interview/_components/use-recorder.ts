"use client";

import { useCallback, useEffect, useRef, useState } from "react";

// The microphone through the browser's MediaRecorder. Starting asks for permission; a refusal (or
// a browser without a microphone) is reported so the page can offer typing instead.

export type RecorderStatus = "idle" | "asking" | "recording" | "refused" | "unsupported";

export interface RecorderResult {
  audio: Blob;
  type: string;
  durationMs: number;
}

export function useRecorder() {
  const [status, setStatus] = useState<RecorderStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  const startedAt = useRef(0);

  const release = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    recorder.current = null;
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(async (): Promise<boolean> => {
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getUserMedia) {
      setStatus("unsupported");
      setError("This browser cannot record audio.");
      return false;
    }
    setStatus("asking");
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (caught) {
      const name = caught instanceof DOMException ? caught.name : "";
      setStatus("refused");
      setError(
        name === "NotAllowedError"
          ? "The microphone was not allowed."
          : "No microphone could be opened.",
      );
      return false;
    }
    chunks.current = [];
    const media = new MediaRecorder(stream.current);
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    recorder.current = media;
    startedAt.current = performance.now();
    media.start(250);
    setStatus("recording");
    setError(null);
    return true;
  }, []);

  /** Stops and returns what was recorded (null when nothing was). */
  const stop = useCallback(async (): Promise<RecorderResult | null> => {
    const media = recorder.current;
    if (!media || media.state === "inactive") {
      release();
      return null;
    }
    const stopped = new Promise<void>((resolve) => {
      media.onstop = () => resolve();
    });
    media.stop();
    await stopped;
    const type = media.mimeType || "audio/webm";
    const durationMs = Math.round(performance.now() - startedAt.current);
    release();
    setStatus("idle");
    if (chunks.current.length === 0) return null;
    return { audio: new Blob(chunks.current, { type }), type, durationMs };
  }, [release]);

  return { status, error, start, stop };
}
