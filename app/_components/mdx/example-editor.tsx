"use client";

import { CodeEditor } from "../exercise/code-editor";

// Loaded only when a learner asks to edit an example (next/dynamic in example-playground.tsx), so
// reading pages never download Monaco.

/** The example's imports are the lesson's code; the editor types them loosely rather than flag them. */
const lessonModuleDeclarations = `declare module "@/lib/limiters";\ndeclare module "@/lib/simulation";\n`;

export interface ExampleEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  lines: number;
}

export default function ExampleEditor({ id, value, onChange, lines }: ExampleEditorProps) {
  const height = `${Math.min(36, Math.max(10, lines + 2)) * 1.36}rem`;
  return (
    <CodeEditor
      path={`file:///examples/${id}.ts`}
      label={`examples/${id}.ts, editable`}
      value={value}
      onChange={onChange}
      typeDeclarations={lessonModuleDeclarations}
      height={height}
    />
  );
}
