"use client";

import { lazy, useEffect, useRef, useState, type ComponentType } from "react";

type LabProps = { preset?: string };
type Lab = ComponentType<LabProps>;

const loadLab = () => import("./cluster-lab").then((m) => m.ClusterLab as Lab);

// The server renders the lab in place: no Suspense boundary of its own (a boundary on a page this
// long is streamed after the page, out of place for a reader without JavaScript), so the page waits
// for it, as it did with next/dynamic.
const ServerLab = lazy(() => loadLab().then((component) => ({ default: component })));

/**
 * The cluster lab, hydrated when it comes near the screen. The server renders it whole, so the
 * HTML holds the first preset's figures. In the browser its code (its controls, lib/simulation and
 * four limiters) and its first simulation wait until the reader scrolls towards it (or points at or
 * focuses it): run while the page hydrated, they were most of the section's main-thread work at
 * load. Until then the server's markup stays as it is, like a static island's (React does not
 * compare inner HTML when hydrating); then the live lab replaces it, identical, in one commit.
 */
export function ClusterLab(props: LabProps) {
  const box = useRef<HTMLDivElement>(null);
  const [Live, setLive] = useState<Lab | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      observer?.disconnect();
      void loadLab().then((component) => setLive(() => component));
    };
    const observer =
      typeof IntersectionObserver === "undefined"
        ? undefined
        : new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) start();
            },
            { rootMargin: "600px 0px" },
          );
    if (!observer) return start();
    observer.observe(element);
    element.addEventListener("pointerdown", start);
    element.addEventListener("focusin", start);
    return () => {
      observer?.disconnect();
      element.removeEventListener("pointerdown", start);
      element.removeEventListener("focusin", start);
    };
  }, []);

  if (typeof window === "undefined") {
    return (
      <div>
        <ServerLab {...props} />
      </div>
    );
  }
  if (Live) {
    return (
      <div key="live" data-lab-live="true">
        <Live {...props} />
      </div>
    );
  }
  return (
    <div key="static" ref={box} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
  );
}
