// An island's markup after a client-side navigation (html-island.tsx): the page the browser did
// not load has no element holding it, so it comes from the page's own HTML (prerendered, cached),
// fetched once per page for all its islands.

const pages = new Map<string, Promise<Document | null>>();

function pageDocument(path: string): Promise<Document | null> {
  let page = pages.get(path);
  if (!page) {
    page = fetch(path, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then((html) => new DOMParser().parseFromString(html, "text/html"))
      .catch(() => {
        pages.delete(path);
        return null;
      });
    pages.set(path, page);
  }
  return page;
}

/**
 * The island's markup in the page at `path`, or undefined. Missing from the page's HTML too (a new
 * build since this tab loaded), a full load shows the page as it is now, if the island is still
 * shown (`live`). Once: were it still missing, reloading again would not help.
 */
export async function markupFromPage(
  path: string,
  island: string,
  live: () => boolean,
): Promise<string | undefined> {
  const page = await pageDocument(path);
  const markup = page?.querySelector(`[data-island="${island}"]`)?.innerHTML;
  if (markup === undefined && live()) {
    const key = `tradeoff:island-reload:${island}`;
    if (sessionStorage.getItem(key) === null) {
      sessionStorage.setItem(key, "1");
      window.location.reload();
    }
  }
  return markup;
}
