import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

/**
 * Whether a new password is good enough, and if not, why, in words for the person choosing it
 * (docs/decisions/113-password-policy.md). zxcvbn-ts estimates how many guesses a cracker needs from
 * its dictionaries of common passwords, names and words, keyboard patterns, dates and l33t; the
 * dictionaries ship with the packages, so this works offline. Score 3 of 4: "safely unguessable"
 * against an online attacker and resistant to an offline one with a slow hash (scrypt here).
 */
const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: loading the dictionaries takes about half a second. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

/**
 * Null when `password` is acceptable, else the reason. `related` are words from the account
 * (email, name) that must not make up the password.
 */
export function passwordWeakness(password: string, related: string[] = []): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters (this one has ${password.length}).`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  }
  const inputs = related.flatMap((value) => [value, ...value.split(/[@.\s_+-]+/)]).filter(Boolean);
  const result = zxcvbn().check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning ?? "This password would be guessed quickly.";
  const suggestion = result.feedback.suggestions[0];
  return `${warning}${suggestion ? ` ${suggestion}` : ""}`;
}
