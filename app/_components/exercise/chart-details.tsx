"use client";

import { useState } from "react";
import type { Trace } from "@/lib/judge/results";
import { TimelineChart } from "./timeline-chart";

/**
 * A test's timeline behind a disclosure. A closed chart is not rendered at all: a results panel
 * with several failing tests would otherwise build thousands of SVG cells nobody is looking at.
 */
export function ChartDetails({
  trace,
  title,
  initiallyOpen,
  className,
}: {
  trace: Trace;
  title: string;
  initiallyOpen: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <details
      className={className}
      open={initiallyOpen}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>Timeline</summary>
      {open && <TimelineChart trace={trace} title={title} />}
    </details>
  );
}
