/**
 * Resolves true once `work` settles (either way), false after `ms` (or at once true when there is no work). A
 * shutdown step that may wait on the broker (an iterator resetting itself under load) or on a handler is bounded by
 * it, so a node always stops and says what it left behind.
 */
export async function settleWithin(work: Promise<unknown> | undefined, ms: number): Promise<boolean> {
  if (!work) return true;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work.then(() => true, () => true), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
