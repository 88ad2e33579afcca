import { connection } from 'next/server';
import { Gallery } from './gallery';
import { mediaUrlConfig } from './media-origin';

export default async function Page() {
  // Rendered per request: the media origin comes from the environment the server runs with.
  await connection();
  const baseUrl = process.env.MEDIA_BASE_URL;
  return (
    <main>
      {baseUrl && (
        // dpr="auto" is resolved from the browser's Sec-CH-DPR, which Chromium sends to another
        // origin only when the page asks for it and delegates it there.
        <meta httpEquiv="delegate-ch" content={`sec-ch-dpr ${new URL(baseUrl).origin}`} />
      )}
      <Gallery config={mediaUrlConfig(baseUrl)} />
    </main>
  );
}
