const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, as a day number (days since 1970-01-01). */
function utcDay(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS);
}

/**
 * Consecutive days with any activity, ending today or, if nothing has happened yet today,
 * yesterday: a streak is not lost before the day is over. Days are UTC, so a learner's streak
 * does not depend on the server's time zone.
 */
export function currentStreak(activity: readonly Date[], now: Date): number {
  const days = new Set(activity.map(utcDay));
  const today = utcDay(now);
  let day = days.has(today) ? today : today - 1;
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day -= 1;
  }
  return streak;
}
