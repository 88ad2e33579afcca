import { notFound } from 'next/navigation';

/** Any other `/embed/…` URL gets the embed's small 404, not the site's page. */
export default function MissingEmbed(): never {
  notFound();
}
