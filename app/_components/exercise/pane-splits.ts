// The workspace's two splits (decision 295): CSS lays the panes out from two custom properties on
// the workspace (`--ws-columns`, the prompt's share; `--ws-rows`, the code's), with defaults in the
// stylesheet and a learner's remembered split set by an inline script as the page is parsed, so
// the first paint already has the final sizes and hydration changes nothing. The separators are
// the WAI-ARIA window splitter: pane-splitter.tsx (their markup) and pane-splitter-drag.ts (what
// they do: arrow keys, Home and End, a pointer's drag).

export interface SplitSpec {
  /** The custom property on the container, and the localStorage entry's suffix. */
  name: "columns" | "rows";
  /** Pane ids as stored (`{ [first]: n, [second]: 100 - n }`), the format decision 130 wrote. */
  ids: readonly [string, string];
  /** The first pane's share by default, and its bounds, in percent. */
  initial: number;
  min: number;
  max: number;
}

export const COLUMNS: SplitSpec = {
  name: "columns",
  ids: ["ws-prompt", "ws-work"],
  initial: 40,
  min: 18,
  max: 68,
};
export const ROWS: SplitSpec = {
  name: "rows",
  ids: ["ws-code", "ws-results"],
  // The editor at least 60 % of a laptop screen's height (issue 14) below the page's header.
  initial: 82,
  min: 25,
  max: 92,
};

export const storageKey = (split: SplitSpec) => `tradeoff:workspace:layout:${split.name}`;

/**
 * Run while the page is parsed, inside the element whose custom properties size the panes
 * (`data-workspace-columns`): applies each remembered split before the first paint.
 */
export function splitRestoreScript(splits: readonly SplitSpec[]): string {
  const entries = JSON.stringify(
    splits.map((s) => [storageKey(s), `--ws-${s.name}`, s.ids[0], s.ids[1], s.min, s.max]),
  ).replace(/</g, "\\u003c");
  return (
    `(function(){try{var e=document.currentScript.closest("[data-workspace-columns]");${entries}.forEach(function(s){` +
    `var v=JSON.parse(localStorage.getItem(s[0])||"null");if(!v||typeof v!=="object")return;` +
    `var a=v[s[2]],b=v[s[3]];if(typeof a!=="number"||typeof b!=="number"||Math.abs(a+b-100)>=0.5)return;` +
    `e.style.setProperty(s[1],String(Math.min(s[5],Math.max(s[4],a))))})}catch(x){}})()`
  );
}
