import type { BuildOptions, Metafile } from 'esbuild';

export function serverBundleOptions(outdir: string): BuildOptions & { metafile: true };
export function devBundleOptions(outdir: string): BuildOptions & { metafile: true };
export function notProductInputs(metafile: Metafile, output?: string): string[];
