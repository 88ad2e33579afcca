'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

const POLL_INTERVAL_MS = 1500;

/**
 * Polls an upload's status while it is processing and re-renders the page once it is not: the
 * server then shows the reader (ready) or the reason (failed). Renders nothing itself.
 */
export function DocumentProcessingStatus({ documentId }: { documentId: number }) {
  const router = useRouter();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const response = await fetch(`/api/documents/${documentId}/status`, {
          cache: 'no-store',
        });
        const body = (await response.json()) as { status?: string };
        if (response.ok && body.status !== 'processing') {
          router.refresh();
          return;
        }
      } catch {
        // A dropped connection: keep polling; the page says it is still processing.
      }
      if (!stopped) timer = setTimeout(poll, POLL_INTERVAL_MS);
    };
    timer = setTimeout(poll, POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [documentId, router]);
  return null;
}
