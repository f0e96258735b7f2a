/** A stored file's address on this server (media-routes serves it); what cards and profiles carry. */
export const mediaUrl = (key: string) => `/media/${key}`;
