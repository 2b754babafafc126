/**
 * The users search box's text, kept in step with the URL's `q`: typed text reaches the URL (and
 * so the server) a moment after the last key; back/forward or a bookmark puts the URL's text back
 * in the box.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react";

export function useSearchText(q: string | undefined, push: (value: string | undefined) => void, delay: number) {
  const [text, setText] = useState(q ?? "");
  const pushed = useRef(q ?? "");
  // The caller's push is an event: a new function each render must not restart the wait.
  const pushNow = useEffectEvent((value: string) => {
    pushed.current = value;
    push(value || undefined);
  });
  useEffect(() => {
    const value = text.trim();
    if (value === pushed.current) return;
    const timer = setTimeout(() => pushNow(value), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  useEffect(() => {
    if ((q ?? "") !== pushed.current) {
      pushed.current = q ?? "";
      setText(q ?? "");
    }
  }, [q]);
  /** Empty the box without pushing (the caller resets the URL itself). */
  const clear = () => {
    setText("");
    pushed.current = "";
  };
  return { text, setText, clear };
}
