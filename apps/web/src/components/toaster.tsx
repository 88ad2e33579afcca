'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { FLASH_MESSAGES, FLASH_PARAM, type Flash, readFlash } from '@/feedback/flash-messages';

const SHOWN_FOR_MS = 6000;

const ShowToast = createContext<(flash: Flash) => void>(() => {});

/** Shows a confirmation in the site's toast; does nothing outside the site (in an embed). */
export function useShowToast(): (flash: Flash) => void {
  return useContext(ShowToast);
}

/**
 * The site's toast: a polite live region (role=status) at the bottom of the screen. It shows
 * what a component asks for, and the `?flash=` a form post came back with — rendered by the
 * server too, so it works without JavaScript — which it then drops from the address bar.
 * It lives in the layout, so a toast shown just before a navigation survives it.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const fromUrl = readFlash(searchParams.get(FLASH_PARAM));
  const [shown, setShown] = useState<{ flash: Flash; at: number } | null>(
    fromUrl ? { flash: fromUrl, at: 0 } : null,
  );
  const show = useCallback((flash: Flash) => setShown({ flash, at: Date.now() }), []);

  useEffect(() => {
    if (!fromUrl) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete(FLASH_PARAM);
    const query = rest.toString();
    // Next's router follows history.replaceState without asking the server again.
    window.history.replaceState(
      null,
      '',
      `${pathname}${query ? `?${query}` : ''}${window.location.hash}`,
    );
    // Set again once hydrated: a live region announces changes, not what it held on load.
    show(fromUrl);
  }, [fromUrl, pathname, searchParams, show]);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <ShowToast.Provider value={show}>
      {children}
      <div
        role="status"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4"
      >
        {shown ? (
          <p
            key={shown.at}
            className="pointer-events-auto rounded-xl bg-ink px-4 py-3 text-sm font-medium text-white shadow-lg"
          >
            {FLASH_MESSAGES[shown.flash]}
          </p>
        ) : null}
      </div>
    </ShowToast.Provider>
  );
}
