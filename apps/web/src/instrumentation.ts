/** Runs once when a server process starts (Next.js instrumentation hook). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startStalledDocumentSweep } = await import('./documents/start-stalled-document-sweep');
  startStalledDocumentSweep();
}
