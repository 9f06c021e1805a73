/** Who wrote a client info answer: the studio user or the client in the portal. */
export const CLIENT_INFO_SOURCES = ['USER', 'CLIENT_PORTAL'] as const;
export type ClientInfoSource = (typeof CLIENT_INFO_SOURCES)[number];
