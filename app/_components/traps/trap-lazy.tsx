"use client";

import dynamic from "next/dynamic";

// Every section page shares one client bundle, so the trap's code is split off here and loaded only
// by a page that renders a trap (still server-rendered: the question and snippet are in the HTML).
export const TrapWorkspaceLazy = dynamic(() =>
  import("./trap-workspace").then((module) => module.TrapWorkspace),
);
