import 'server-only';
import { getConfig, getDbNow } from '@/lib/server-context';
import { recoverStalledDocuments, recoveryOptions } from './recover-stalled-documents';

const SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * Every web process sweeps for uploads left `processing` by a process that died, at start-up and
 * then every minute; the claim in recoverStalledDocuments keeps replicas from doubling up.
 */
export function startStalledDocumentSweep(): void {
  const sweep = () => {
    recoverStalledDocuments(getDbNow(), recoveryOptions(getConfig())).catch((error: unknown) =>
      console.error('Sweeping stalled uploads failed:', error),
    );
  };
  sweep();
  setInterval(sweep, SWEEP_INTERVAL_MS).unref();
}
