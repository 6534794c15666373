/** The free-model funnel's three steps. */
export const freeModelPaths = {
  register: '/free-model/register',
  model: '/free-model/model',
  download: (modelId: string) => `/free-model/download?modelId=${modelId}`,
};
