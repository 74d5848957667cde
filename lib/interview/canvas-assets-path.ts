/** Where the drawing canvas fetches its fonts: our own origin (app/canvas-assets). Browser-safe. */
export const CANVAS_ASSET_PATH = "/canvas-assets/";
