// Mock interviews (issue 17): the timed answer drill, the interviewer's follow-ups ordered by FSRS
// weakness, and the 45-minute simulation. Pure modules here are browser-safe except question-order
// (ts-fsrs) and the server-only load-interview, store and server.
export * from "./attempt-schemas";
export * from "./build-attempt";
export * from "./countdown";
export * from "./scoring";
export * from "./session-summary";
export * from "./simulation";
