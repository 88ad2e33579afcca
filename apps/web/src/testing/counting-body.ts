/** Size of each chunk a counting body hands out. */
export const COUNTING_CHUNK_BYTES = 16 * 1024;

/**
 * A hostile request body of `totalBytes` (hundreds of megabytes if asked) that is generated as it
 * is pulled, never held, and counts how much of it the server pulled. It pulls only on demand
 * (no read-ahead), so `pulled()` is exactly what the code under test asked for.
 */
export function countingBody(totalBytes: number): {
  stream: ReadableStream<Uint8Array>;
  pulled: () => number;
} {
  let sent = 0;
  const chunk = new Uint8Array(COUNTING_CHUNK_BYTES);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= totalBytes) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => sent };
}
