/**
 * Where keyboard focus goes when a dialog closes (issue 33, WCAG 2.4.3 focus order). Our dialogs
 * open from state, not from a Radix trigger, so Radix had nothing to return to and focus fell to
 * <body>: the next Tab started at the top of the page.
 *
 * The opener is the element that had focus outside any dialog or menu when the dialog opened; a
 * dialog opened from a dropdown menu item counts the menu's button as its opener (the item is gone
 * once the menu closes). Focus goes back to it. What the dialog did may take the opener away, at
 * once or when fresh data arrives a moment later (Ban becomes Unban, a removed user's row or page
 * goes): then focus goes to the first control still there in the opener's nearest surviving
 * surroundings (the card, the table), or to the page's heading when the whole page changed.
 */
import { useCallback, useLayoutEffect, useRef } from "react";

const TRANSIENT = "[role=dialog], [role=alertdialog], [role=menu], [role=listbox], [cmdk-root]";
const TABBABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";
/** How long after closing a dialog its outcome may still take the opener away. */
const WATCH_MS = 10_000;

interface Opener {
  element: HTMLElement;
  /** Its ancestors up to (not including) the page's main region, nearest first. */
  surroundings: HTMLElement[];
}

let lastSteady: HTMLElement | null = null;

if (typeof document !== "undefined") {
  // Capture phase: seen before any handler moves focus on.
  document.addEventListener(
    "focusin",
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target !== document.body && !target.closest(TRANSIENT)) lastSteady = target;
    },
    true,
  );
}

function captureOpener(): Opener | null {
  const active = document.activeElement;
  const element = active instanceof HTMLElement && active !== document.body && !active.closest(TRANSIENT) ? active : lastSteady;
  if (!element) return null;
  const surroundings: HTMLElement[] = [];
  for (let node = element.parentElement; node && node !== document.body && !node.matches("main, #main"); node = node.parentElement) surroundings.push(node);
  return { element, surroundings };
}

const shown = (element: HTMLElement) => element.isConnected && element.getClientRects().length > 0 && !element.closest("[inert], [aria-hidden=true]");

/** The page's heading (made focusable for this), or its main region. */
function pageHeading(): HTMLElement | null {
  const main = document.querySelector<HTMLElement>("main, #main");
  const target = main?.querySelector<HTMLElement>("h1") ?? document.querySelector<HTMLElement>("h1") ?? main;
  if (target && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  return target;
}

function landingFor(opener: Opener): HTMLElement | null {
  if (shown(opener.element)) return opener.element;
  for (const around of opener.surroundings) {
    if (!around.isConnected) continue;
    const control = Array.from(around.querySelectorAll<HTMLElement>(TABBABLE)).find(shown);
    if (control) return control;
  }
  return pageHeading();
}

/**
 * Sends focus to the opener now, and keeps it in the page while the dialog's outcome settles:
 * until the person moves focus themselves or WATCH_MS pass.
 */
function returnTo(opener: Opener | null): void {
  if (!opener) {
    pageHeading()?.focus();
    return;
  }
  let landed = landingFor(opener);
  landed?.focus();
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (!lost && active !== landed) return stop(); // focus moved on: not ours to steer any more
    // Lost (the opener left), or parked on the main region until the new page's heading came.
    const parked = landed?.matches("main, #main") ?? false;
    const better = lost || parked ? landingFor(opener) : landed;
    if (better !== landed) {
      landed = better;
      landed?.focus();
    }
  });
  const timer = setTimeout(() => stop(), WATCH_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener("keydown", stop, true);
    document.removeEventListener("pointerdown", stop, true);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener("keydown", stop, true);
  document.addEventListener("pointerdown", stop, true);
}

/**
 * For a dialog shown while `open`: remembers the opener as it opens, and returns the handler for
 * Radix's `onCloseAutoFocus` that sends focus back to it.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<Opener | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = captureOpener();
  }, [open]);
  return useCallback((event: Event) => {
    event.preventDefault();
    returnTo(opener.current);
    opener.current = null;
  }, []);
}
