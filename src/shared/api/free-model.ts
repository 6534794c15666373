import { z } from 'zod';
import { API } from './all-routes';
import { ZModelCard, ZPage } from './content-lists';
import { int, ZStrictId } from './ids';

/**
 * The free-model funnel: sign up, pick a free model (price 1), download its
 * files through signed links that expire after a few minutes; each member's first download of a
 * model counts once.
 */
export interface FreeModelFile {
  fileId: string;
  name: string;
  sizeBytes: number;
}

export interface FreeModelFiles {
  modelId: string;
  title: string;
  imageUrl: string | null;
  licence: string;
  downloads: number;
  files: FreeModelFile[];
}

export const list = {
  ...API.freeModel.list,
  input: z.object({ page: int(1, 1000).default(1), pageSize: int(1, 50).default(20) }),
  result: ZPage(ZModelCard),
};

export const files = {
  ...API.freeModel.files,
  input: z.object({ modelId: ZStrictId }),
  result: z.object({
    modelId: z.string(),
    title: z.string(),
    imageUrl: z.string().nullable(),
    licence: z.string(),
    downloads: z.number(),
    files: z.array(z.object({ fileId: z.string(), name: z.string(), sizeBytes: z.number() })),
  }) satisfies z.ZodType<FreeModelFiles>,
};

export const link = {
  ...API.freeModel.link,
  input: z.object({ modelId: ZStrictId, fileId: ZStrictId }),
  result: z.object({ url: z.string(), expiresAt: z.number() }),
};
