"use client";

import dynamic from "next/dynamic";

// The lab's code (its controls, lib/simulation and four limiters) loads only on a page that shows a
// lab; every other section page would otherwise carry it in its first-load JavaScript. The server
// still renders it, so the HTML holds the first preset's figures.
export const ClusterLab = dynamic(() => import("./cluster-lab").then((m) => m.ClusterLab));
