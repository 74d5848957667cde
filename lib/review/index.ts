// Spaced repetition of a lesson's cards (FSRS via ts-fsrs). Pure scheduling, queue and grading;
// `load-cards` reads cards.yaml on the server. Time always comes in as an argument.
export * from "./ratings";
export * from "./scheduler";
export * from "./auto-grade";
export * from "./queue";
export * from "./grade-card";
