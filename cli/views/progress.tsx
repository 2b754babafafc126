/** A progress bar on stderr for bulk work, import and export (terminal only). */
import { Box, Text, render } from "ink";

export interface ProgressState {
  label: string;
  done: number;
  total?: number;
  failed: number;
}

function Bar({ state }: { state: ProgressState }) {
  const width = 30;
  const total = state.total ?? 0;
  const filled = total > 0 ? Math.round((state.done / total) * width) : 0;
  return (
    <Box>
      <Text>{state.label} </Text>
      {total > 0 ? (
        <Text color="cyan">
          {"█".repeat(filled)}
          <Text dimColor>{"░".repeat(width - filled)}</Text>
        </Text>
      ) : null}
      <Text>
        {" "}
        {state.done}
        {total > 0 ? `/${total}` : ""}
      </Text>
      {state.failed > 0 ? <Text color="red"> {state.failed} failed</Text> : null}
    </Box>
  );
}

export interface ProgressHandle {
  update(state: ProgressState): void;
  stop(): void;
}

export function startProgress(initial: ProgressState): ProgressHandle {
  const instance = render(<Bar state={initial} />, { stdout: process.stderr as unknown as NodeJS.WriteStream, patchConsole: false, exitOnCtrlC: false });
  return {
    update: (state) => instance.rerender(<Bar state={{ ...state }} />),
    stop: () => {
      instance.unmount();
    },
  };
}
