/** Links between the share pages (paths). */
export const contentPaths = {
  model: (id: string) => `/creality-cloud/model-details/${id}`,
  slice: (id: string) => `/creality-cloud/slices-details/${id}`,
  post: (id: string) => `/creality-cloud/share-content/${id}`,
  profile: (id: string) => `/creality-cloud/personal-center/${id}`,
  circle: (id: string) => `/creality-cloud/circle-details/${id}`,
  topic: (id: string) => `/creality-cloud/topic/${id}`,
  timelapse: (id: string) => `/timelapses-share/${id}`,
  timelapses: '/timelapses-share',
} as const;
