/** Shared by the server's better-auth options and the browser's forms. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
