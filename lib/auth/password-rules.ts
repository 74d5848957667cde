// Shared by the forms (their minlength and hint) and the server's check (password-policy.ts).

/** Shortest password accepted (docs/decisions/113-password-policy.md). */
export const MIN_PASSWORD_LENGTH = 12;

/** Longest: scrypt's cost grows with the input, and nobody types more. */
export const MAX_PASSWORD_LENGTH = 128;

/** What the forms say under the password field. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, and not a common or easily guessed password (a few unusual words work well).`;
