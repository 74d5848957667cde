// One spelling of an id in a URL, a folder name or a progress row: kebab-case, a-z and 0-9 with
// single hyphens between (`rate-limiter`, `01`; never `-a`, `a--b` or `A`).

/** The slug as a regular expression's source, for patterns that hold one (`01.rate-limiter`). */
export const SLUG_SOURCE = "[a-z0-9]+(?:-[a-z0-9]+)*";

/** A whole string that is one slug. */
export const slugPattern = new RegExp(`^${SLUG_SOURCE}$`);
