/**
 * Document rules (docs/api.md, "Platform options"): a PDF published as a LinkedIn document.
 * LinkedIn's Documents API takes at most 100 MB and 300 pages.
 */
export const MAX_DOCUMENT_BYTES = 100_000_000;
export const MAX_DOCUMENT_PAGES = 300;
