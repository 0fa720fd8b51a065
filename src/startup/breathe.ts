/**
 * Ends the current task and resolves at the start of a new one, so the browser can paint and
 * take input in between. `scheduler.yield()` where the browser has it (Chromium), else a message
 * to ourselves: not `setTimeout`, which a tab opened in the background would hold for a second
 * at each stage.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
