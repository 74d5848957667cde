import releaseSync from "@jitl/quickjs-wasmfile-release-sync";
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSWASMModule,
} from "quickjs-emscripten-core";
import { createSandboxMemory } from "../core/memory";

export interface LoadedQuickJS {
  quickjs: QuickJSWASMModule;
  /** The module's linear memory: its size after a judge tells whether the module grew. */
  memory: WebAssembly.Memory;
}

/** A fresh QuickJS module whose linear memory is capped (see core/memory.ts). */
export async function loadQuickJS(): Promise<LoadedQuickJS> {
  const memory = createSandboxMemory();
  const quickjs = await newQuickJSWASMModuleFromVariant(
    newVariant(releaseSync, { wasmMemory: memory }),
  );
  return { quickjs, memory };
}
