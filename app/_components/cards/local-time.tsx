"use client";

/**
 * A date in the reader's own time zone. The server renders it in its zone and the browser in the
 * reader's, so the text may legitimately differ at hydration.
 */
export function LocalTime({ value }: { value: Date | string }) {
  const date = typeof value === "string" ? new Date(value) : value;
  return (
    <time dateTime={date.toISOString()} suppressHydrationWarning>
      {date.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}
    </time>
  );
}
