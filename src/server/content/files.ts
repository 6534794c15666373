/** Public URL of a stored file (served by the file route with a year of caching: keys never change). */
export const fileUrl = (key: string) => `/files/${key}`;
