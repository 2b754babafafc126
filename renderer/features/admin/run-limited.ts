/** Runs `task` over `items`, at most `limit` at a time, reporting each result as it lands. */
export async function runLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
  onResult: (index: number, result: { ok: true; value: R } | { ok: false; error: unknown }) => void,
): Promise<void> {
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      try {
        onResult(index, { ok: true, value: await task(items[index]!, index) });
      } catch (error) {
        onResult(index, { ok: false, error });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
