// The text of the plain code layer (plain-editor.tsx), a contenteditable <pre>: what it shows,
// and where a caret stands in it, as Monaco would count them.

/** The text of a contenteditable subtree: line breaks typed natively may be <br> or <div>. */
export function readText(root: Node): string {
  let text = "";
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += (node as Text).data;
      return;
    }
    if (node.nodeName === "BR") {
      text += "\n";
      return;
    }
    const block = node !== root && (node.nodeName === "DIV" || node.nodeName === "P");
    if (block && text !== "" && !text.endsWith("\n")) text += "\n";
    node.childNodes.forEach(walk);
  };
  walk(root);
  return text;
}

export function offsetIn(root: HTMLElement, node: Node, offset: number): number {
  const range = document.createRange();
  range.selectNodeContents(root);
  range.setEnd(node, offset);
  return readText(range.cloneContents()).length;
}
