/**
 * A form's file field, or null when none was chosen: not a file, or the empty, nameless part
 * browsers send for a file input left empty.
 */
export async function readFormFile(
  form: FormData,
  name: string,
): Promise<{ bytes: Uint8Array; name: string } | null> {
  const file = form.get(name);
  if (!(file instanceof File) || (file.size === 0 && file.name === '')) return null;
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
}
