"use client";

import { useEffect, useRef, useState } from "react";
import { countdownAt, formatClock, type CountdownState } from "@/lib/interview/countdown";
import { browserClock } from "./browser-clock";
import styles from "./interview.module.css";

/** Ticks a countdown from the browser's clock while `startedAt` is set; calls onExpire once. */
export function useCountdown(
  startedAt: number | null,
  limitMs: number,
  onExpire: () => void,
): CountdownState {
  const [now, setNow] = useState(() => startedAt ?? 0);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });

  useEffect(() => {
    if (startedAt === null) return;
    let fired = false;
    const timer = window.setInterval(() => {
      const current = browserClock.now();
      setNow(current);
      if (!fired && countdownAt(startedAt, limitMs, current).expired) {
        fired = true;
        expire.current();
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [startedAt, limitMs]);

  return startedAt === null
    ? countdownAt(0, limitMs, 0)
    : countdownAt(startedAt, limitMs, Math.max(now, startedAt));
}

const ANNOUNCE_AT = new Set([30, 10, 0]);

/** The visible timer; a screen reader hears it only at 30 s, 10 s and when time is up. */
export function Countdown({ state, label }: { state: CountdownState; label: string }) {
  const shown = state.secondsShown;
  const announced = ANNOUNCE_AT.has(shown)
    ? shown === 0
      ? "Time is up."
      : `${shown} seconds left.`
    : "";
  return (
    <div className={styles.countdown} data-expired={state.expired} data-testid="countdown">
      <span className={styles.countdownLabel}>{label}</span>
      <span
        role="timer"
        aria-label={`${label}: ${formatClock(state.remainingMs)}`}
        className={styles.countdownValue}
      >
        {formatClock(state.remainingMs)}
      </span>
      <span className="sr-only" aria-live="polite">
        {announced}
      </span>
    </div>
  );
}
