/** A grid's paging bar: with more than this many pages the bar shows a window of page numbers. */
export const PAGE_WINDOW = 20;
/** The window starts this many pages before the current one. */
export const PAGE_WINDOW_LEAD = 5;

/** The number of pages for a row count (at least 1, so an empty grid still shows page 1). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
}

/**
 * The 0-based page indexes the pagination bar shows: all of them up to 20 pages; past that
 * a window of 20 that starts 5 before the current page, kept inside the range.
 */
export function pageWindow(current: number, pages: number): number[] {
  if (pages <= PAGE_WINDOW) return Array.from({ length: pages }, (_, i) => i);
  const start = Math.max(0, Math.min(current - PAGE_WINDOW_LEAD, pages - PAGE_WINDOW));
  return Array.from({ length: PAGE_WINDOW }, (_, i) => start + i);
}
