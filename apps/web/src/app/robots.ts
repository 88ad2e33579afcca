import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { getConfig } from '@/server/server-context';

export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  const { siteUrl } = getConfig();
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/search'] }],
    sitemap: `${siteUrl}/sitemap.xml`,
  };
}
