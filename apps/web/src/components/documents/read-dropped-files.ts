/** A file and where it was in what the member dropped or chose ("week 3/notes.pdf"). */
export interface PickedFile {
  file: File;
  path: string;
}

/** Every file of a chosen folder or a file picker, with the folder path where there is one. */
export function pickedFiles(files: FileList | null): PickedFile[] {
  return [...(files ?? [])].map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/**
 * Every file dropped, folders read to the bottom. The entries must be taken from the drop event
 * before it returns (the browser empties `dataTransfer` after), so this reads them first and
 * walks the folders afterwards.
 */
export async function droppedFiles(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = [...transfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry());
  if (entries.some((entry) => entry === null)) return pickedFiles(transfer.files);
  const found: PickedFile[] = [];
  for (const entry of entries) if (entry) await walk(entry, found);
  return found;
}

async function walk(entry: FileSystemEntry, found: PickedFile[]): Promise<void> {
  if (isFile(entry)) {
    const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
    found.push({ file, path: entry.fullPath.replace(/^\//, '') });
    return;
  }
  if (!isDirectory(entry)) return;
  const reader = entry.createReader();
  // readEntries answers in batches (Chromium: 100 at a time) until it answers none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return;
    for (const child of batch) await walk(child, found);
  }
}

function isFile(entry: FileSystemEntry): entry is FileSystemFileEntry {
  return entry.isFile;
}

function isDirectory(entry: FileSystemEntry): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}
