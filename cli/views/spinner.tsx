/** A spinner on stderr while a slow call runs (terminal only). */
import { Text, render } from "ink";
import { useEffect, useState } from "react";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

function Spinner({ label }: { label: string }) {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((n) => (n + 1) % FRAMES.length), 80);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text>
      <Text color="cyan">{FRAMES[frame]}</Text> {label}
    </Text>
  );
}

/** Starts the spinner; the returned function removes it. */
export function startSpinner(label: string): () => void {
  const instance = render(<Spinner label={label} />, { stdout: process.stderr as unknown as NodeJS.WriteStream, patchConsole: false, exitOnCtrlC: false });
  return () => {
    instance.clear();
    instance.unmount();
  };
}
