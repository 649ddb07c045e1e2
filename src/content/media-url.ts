/** Where a picture is served: what content names to use it. */
export const mediaUrl = (id: string): string => `/api/media/${id}`;
