/**
 * Layout checks a person would notice (issue 25): text cut off in a table, a page that scrolls
 * sideways, a table wider than its own box.
 */
import type { Page } from "playwright-core";

/**
 * Table cells whose content is wider than the cell: cut, whether with an ellipsis or not
 * (scrollWidth > clientWidth). Each as "text (needed > shown)".
 */
export async function clippedCells(page: Page): Promise<string[]> {
  // Widths are only final once every font in use has arrived (and the page has re-measured).
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("table td, table th"))
      .filter((element) => {
        const cell = element as HTMLElement;
        if (cell.getClientRects().length === 0 || cell.closest("[aria-hidden=true]")) return false;
        if (cell.scrollWidth > cell.clientWidth + 1) return true;
        // scrollWidth is rounded: a text 0.4 px too wide still loses its end to an ellipsis.
        // A range measures the laid-out text exactly (an ellipsis is only painted).
        const style = getComputedStyle(cell);
        if (style.textOverflow !== "ellipsis") return false;
        const range = document.createRange();
        range.selectNodeContents(cell);
        const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return range.getBoundingClientRect().width > room + 0.01;
      })
      .map((element) => {
        const cell = element as HTMLElement;
        return `${(cell.textContent ?? "").trim().slice(0, 60)} (${cell.scrollWidth} > ${cell.clientWidth})`;
      }),
  );
}

/** How far the page itself scrolls sideways (0 when it fits the window). */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

/** Tables wider than the box they sit in (each by its caption or label, with the two widths). */
export async function tablesWiderThanTheirBox(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(".table-wrap"))
      .filter((wrap) => wrap.scrollWidth > wrap.clientWidth + 1)
      .map((wrap) => {
        const table = wrap.querySelector("table");
        const name = table?.getAttribute("aria-label") ?? table?.querySelector("caption")?.textContent ?? "table";
        return `${name} (${wrap.scrollWidth} > ${wrap.clientWidth})`;
      }),
  );
}

/** Whether an element lies entirely inside the window (so a finger can reach it without scrolling sideways). */
export async function insideWindow(page: Page, box: { x: number; y: number; width: number; height: number } | null): Promise<boolean> {
  if (!box) return false;
  const width = await page.evaluate(() => window.innerWidth);
  return box.x >= 0 && box.x + box.width <= width + 0.5;
}

/**
 * Email addresses laid out over more than one line ("ops@example.co" / "m", issue 33), anywhere
 * in the page: each as "address (lines)". An address is found in a single text node.
 */
export async function brokenEmails(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      // Not on screen (a closed <details>, display: none): not laid out as lines anyone reads.
      if (!node.parentElement?.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) continue;
      for (const match of text.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        // One box per line the address occupies (zero-width boxes at a line end don't count).
        const lines = new Set(Array.from(range.getClientRects()).filter((rect) => rect.width > 0.5).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) found.push(`${match[0]} (${lines.size} lines)`);
      }
    }
    return found;
  });
}

/** How much of the main region's width the page's content uses (0–1): a wide screen should be used. */
export async function widthUsed(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.querySelector("main");
    const content = main?.firstElementChild;
    if (!main || !content) return 0;
    const style = getComputedStyle(main);
    const room = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return content.getBoundingClientRect().width / room;
  });
}
