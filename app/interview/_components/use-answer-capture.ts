"use client";

import { useCallback, useState } from "react";
import { saveRecording } from "./recordings-db";
import { useRecorder } from "./use-recorder";

export type AnswerMode = "voice" | "typing";

/**
 * One answer, spoken (recorded into IndexedDB) or typed. When the microphone is refused the answer
 * carries on as typing, with a notice saying so; the timer is not stopped.
 */
export function useAnswerCapture(scope: string) {
  const recorder = useRecorder();
  const [mode, setMode] = useState<AnswerMode>("voice");
  const [typed, setTyped] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  const begin = useCallback(async () => {
    setNotice(null);
    if (mode !== "voice") return;
    const started = await recorder.start();
    if (!started) {
      setMode("typing");
      setNotice("The microphone is not available, so type your answer instead.");
    }
  }, [mode, recorder]);

  const finish = useCallback(async () => {
    const result = await recorder.stop();
    if (!result) return;
    try {
      await saveRecording({
        id: crypto.randomUUID(),
        scope,
        createdAt: Date.now(),
        durationMs: result.durationMs,
        type: result.type,
        audio: result.audio,
      });
      setVersion((n) => n + 1);
    } catch {
      setNotice("The recording could not be kept in this browser.");
    }
  }, [recorder, scope]);

  return {
    mode,
    setMode,
    typed,
    setTyped,
    notice,
    version,
    recording: recorder.status === "recording",
    asking: recorder.status === "asking",
    begin,
    finish,
    /** How the answer was actually given, for the stored attempt. */
    answeredBy: (mode === "voice" && version > 0
      ? "voice"
      : typed.trim()
        ? "typing"
        : mode) as AnswerMode,
  };
}
