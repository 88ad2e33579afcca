import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CsvButton } from './csv-button';

/** Catches the download the button starts: the file's name and its text. */
function catchDownloads(): { name: string; blob: Blob }[] {
  const downloads: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  return downloads;
}

/** A blob's bytes (jsdom's Blob has no arrayBuffer(); its FileReader reads it). */
function bytesOf(blob: Blob | undefined): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob ?? new Blob());
  });
}

describe('CsvButton', () => {
  it('downloads the rows as a UTF-8 CSV file Excel reads, under the given name', async () => {
    const downloads = catchDownloads();
    render(
      <CsvButton
        fileName="pages-2026-03-01-to-2026-03-07.csv"
        header={['Page', 'Views']}
        rows={[
          ['Café, "intro"', 12],
          ['Proofs', null],
        ]}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download?.name).toBe('pages-2026-03-01-to-2026-03-07.csv');
    expect(download?.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await bytesOf(download?.blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'Page,Views\r\n"Café, ""intro""",12\r\nProofs,',
    );
  });

  it('reads rows given as a function only when clicked, so it gets the rows shown then', async () => {
    const downloads = catchDownloads();
    const rows = vi.fn(() => [['Later', 1]]);
    render(<CsvButton fileName="t.csv" header={['Name', 'N']} rows={rows} label="Export" />);
    expect(rows).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));
    expect(new TextDecoder().decode(await bytesOf(downloads[0]?.blob))).toContain('Later,1');
  });
});
