/** Where a picture is served: what content names to use it. */
export const mediaUrl = (id: string): string => `/api/media/${id}`;

/** The channel the database announces a hidden (deleted) picture's id on to every instance, at commit (migration MediaChangesAnnounced). */
export const MEDIA_HIDDEN_CHANNEL = 'media_hidden';
