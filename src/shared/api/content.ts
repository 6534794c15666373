import { z } from 'zod';

/** What the model page shows (spec §3): the model, its author, images, files and print profiles. */
export interface ModelView {
  id: string;
  title: string;
  description: string;
  licence: string;
  /** 1 free, 2 paid (spec §3). */
  price: number;
  counts: { downloads: number; likes: number; collects: number; comments: number };
  createdAt: number;
  author: { id: string; nickname: string; avatarUrl: string };
  images: { url: string }[];
  files: { name: string; url: string; sizeBytes: number; format: string }[];
  slices: { id: string; name: string; estimatedSeconds: number | null; layerHeightMm: number | null; device: string | null }[];
}

export const ZModelId = z.object({ modelId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** What the slice page shows: a print profile of a model, every parameter the slicer stated. */
export interface SliceView {
  id: string;
  name: string;
  createdAt: number;
  params: import('../slice').SliceParameters;
  author: { id: string; nickname: string };
  model: { id: string; title: string; imageUrl: string | null };
}

export const ZSliceId = z.object({ sliceId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
