import type { GetCldImageUrlConfig } from 'next-cloudinary';

/**
 * next-cloudinary builds `https://{NEXT_PUBLIC_CLOUDINARY_SECURE_DISTRIBUTION}/{cloud name}/…`
 * from the environment alone, which is all an HTTPS media origin needs. `MEDIA_BASE_URL` (read
 * when the page renders, so one build serves any origin) also allows a plain-HTTP one, such as
 * the service on localhost: `secure: false` with a `cname` is the URL grammar's other prefix.
 */
export function mediaUrlConfig(baseUrl: string | undefined): GetCldImageUrlConfig | undefined {
  if (!baseUrl) return undefined;
  const { protocol, host } = new URL(baseUrl);
  return protocol === 'https:'
    ? { url: { secure: true, secureDistribution: host } }
    : { url: { secure: false, cname: host } };
}
