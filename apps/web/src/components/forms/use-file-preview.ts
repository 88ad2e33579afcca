import { useEffect, useState } from 'react';

/**
 * A blob: URL that previews the chosen `file`, revoked once another file replaces it. Clearing
 * the file keeps the last preview: the setter is the caller's to clear it when that is wrong.
 */
export function useFilePreview(file: File | null) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return [preview, setPreview] as const;
}
