"use client";

import { Excalidraw, serializeAsJSON } from "@excalidraw/excalidraw";
import "@excalidraw/excalidraw/index.css";
import { useMemo, useRef } from "react";

// Excalidraw, loaded only by the simulation page (through drawing-canvas.tsx, which also points its
// fonts at our origin before this module loads).

export interface ExcalidrawCanvasProps {
  /** A scene saved earlier (Excalidraw JSON), or null for an empty canvas. */
  initial: string | null;
  /** Absent for a saved drawing shown read-only. */
  onChange?: (scene: string) => void;
  theme: "light" | "dark";
}

export default function ExcalidrawCanvas({ initial, onChange, theme }: ExcalidrawCanvasProps) {
  const last = useRef<string | null>(initial);
  const initialData = useMemo(() => {
    if (!initial) return null;
    try {
      const scene = JSON.parse(initial) as { elements?: unknown[]; appState?: object };
      return { elements: (scene.elements ?? []) as never[], appState: {}, scrollToContent: true };
    } catch {
      return null;
    }
    // The initial scene is read once, when the canvas mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Excalidraw
      initialData={initialData}
      theme={theme}
      viewModeEnabled={!onChange}
      name="High-level design"
      UIOptions={{
        canvasActions: {
          loadScene: false,
          export: false,
          saveToActiveFile: false,
          saveAsImage: false,
          toggleTheme: null,
        },
      }}
      onChange={(elements, appState, files) => {
        if (!onChange) return;
        if (elements.length === 0 && last.current === null) return;
        const scene = serializeAsJSON(elements, appState, files, "local");
        if (scene === last.current) return;
        last.current = scene;
        onChange(scene);
      }}
    />
  );
}
