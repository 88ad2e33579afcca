/**
 * `users.image` holds either a media public id under `avatars/` (uploaded here) or an absolute
 * URL (an OAuth provider's picture). better-auth lets a member set it to any string, so
 * nothing else is shown, and only their own uploads are ever deleted on their behalf.
 */
export function avatarAssetPrefix(userId: string): string {
  return `avatars/${userId}-`;
}

export function isOwnAvatarAsset(image: string, userId: string): boolean {
  return image.startsWith(avatarAssetPrefix(userId));
}

export function isAvatarAsset(image: string): boolean {
  return /^avatars\/[A-Za-z0-9_-]+$/.test(image);
}

export function isExternalAvatar(image: string): boolean {
  return /^https:\/\/[^\s"'<>]+$/.test(image);
}
