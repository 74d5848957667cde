"use client";

import { Excalidraw, serializeAsJSON } from "@excalidraw/excalidraw";
import "@excalidraw/excalidraw/index.css";
import { useMemo, useRef } from "react";
import { CANVAS_ASSET_PATH } from "@/lib/interview/canvas-assets-path";

// Excalidraw, loaded only by the simulation page (through drawing-canvas.tsx). Its fonts come from
// our origin: the asset path is set before the first font is asked for.
if (typeof window !== "undefined") {
  (window as unknown as { EXCALIDRAW_ASSET_PATH: string }).EXCALIDRAW_ASSET_PATH =
    CANVAS_ASSET_PATH;
}

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
