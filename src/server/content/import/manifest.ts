import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  ZCircleInput,
  ZGcodeSliceInput,
  ZModelInput,
  ZPostInput,
  ZSliceInput,
  ZTimelapseInput,
  ZTopicInput,
  ZUserInput,
} from '../../../shared/api/content-admin';
import type { Db, Tx } from '../../db/database';
import { AppError } from '../../http/app-error';
import { message } from '../../http/messages';
import type { FileStorage } from '../storage';
import { type CheckedUpload, checkUpload, readStoredGcode, requireFile, type StoredFile, saveUpload } from './files';
import * as service from './service';

/**
 * The import manifest (`npm run content:import -- file.json`): sections of items in the admin
 * API's own shapes, except that a field taking an id also takes the `ref` of an item earlier in
 * the manifest (a string; a number is a row already in the database), and a field taking a file
 * id takes a file path (relative to the manifest). Everything is checked first — every item
 * against its contract, every reference, every file's type, size and G-code — and then written in
 * one transaction, so an error writes nothing.
 */
const SECTIONS = ['users', 'topics', 'circles', 'models', 'slices', 'posts', 'timelapses'] as const;
type Section = (typeof SECTIONS)[number];
type RefKind = 'users' | 'topics' | 'circles' | 'models';

const ZItem = z.record(z.string(), z.unknown());
export const ZManifest = z.strictObject(Object.fromEntries(SECTIONS.map((s) => [s, z.array(ZItem).max(100_000).optional()]))) as z.ZodType<
  Partial<Record<Section, Record<string, unknown>[]>>
>;

/** Fields that refer to another item, by the kind of item. */
const REF_FIELDS = new Map<string, RefKind>([
  ['authorId', 'users'],
  ['ownerId', 'users'],
  ['memberIds', 'users'],
  ['topicIds', 'topics'],
  ['circleId', 'circles'],
  ['modelId', 'models'],
]);
const FILE_FIELDS = new Set([
  'avatarFileId',
  'coverFileId',
  'imageFileId',
  'imageFileIds',
  'fileIds',
  'videoFileId',
  'posterFileId',
  'gcodeFileId',
]);

/** A refusal naming the manifest item and field. */
export class ImportError extends Error {
  override name = 'ImportError';
}

export interface ImportResult {
  files: { path: string; fileId: number }[];
  users: Created[];
  topics: Created[];
  circles: Created[];
  models: Created[];
  slices: Created[];
  posts: Created[];
  timelapses: Created[];
}
type Created = { ref?: string; id: number };

const schemaFor = (section: Section, item: Record<string, unknown>) =>
  ({
    users: ZUserInput,
    topics: ZTopicInput,
    circles: ZCircleInput,
    models: ZModelInput,
    slices: 'gcodeFileId' in item ? ZGcodeSliceInput : ZSliceInput,
    posts: ZPostInput,
    timelapses: ZTimelapseInput,
  })[section];

/** Reads, checks and imports a manifest file; returns what was created. */
export async function importManifest(db: Db, storage: FileStorage, manifestPath: string): Promise<ImportResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(manifestPath, 'utf8'));
  } catch (err) {
    throw new ImportError(`${manifestPath}: ${(err as Error).message}`);
  }
  const parsed = ZManifest.safeParse(raw);
  if (!parsed.success) throw new ImportError(`manifest: ${issueText(parsed.error)}`);
  const run = new Run(parsed.data, path.dirname(path.resolve(manifestPath)), storage);
  await run.check();
  return run.write(db);
}

class Run {
  /** Files by absolute path, checked once (and uploaded once, however often they are named). */
  private readonly checked = new Map<string, CheckedUpload>();
  private readonly stored = new Map<string, StoredFile>();
  /** Toolpath previews stored for slices of this import (removed with the files if it fails). */
  private readonly toolpaths: string[] = [];
  private readonly refs: Record<RefKind, Map<string, number>> = {
    users: new Map(),
    topics: new Map(),
    circles: new Map(),
    models: new Map(),
  };

  constructor(
    private readonly manifest: Partial<Record<Section, Record<string, unknown>[]>>,
    private readonly baseDir: string,
    private readonly storage: FileStorage,
  ) {}

  private *items() {
    for (const section of SECTIONS) {
      for (const [i, item] of (this.manifest[section] ?? []).entries()) {
        const ref = typeof item.ref === 'string' ? item.ref : undefined;
        yield { section, item, ref, label: `${section}[${i}]${ref ? ` "${ref}"` : ''}` };
      }
    }
  }

  /** Everything that can be checked without the database: shapes, references, files. */
  async check(): Promise<void> {
    let placeholder = 0;
    for (const { section, item, ref, label } of this.items()) {
      if ('ref' in item && (typeof item.ref !== 'string' || !/^[\w.-]{1,60}$/.test(item.ref)))
        throw new ImportError(`${label}: ref: letters, digits, _ . - (at most 60)`);
      const input = await this.resolve(label, item, async (file, field) => {
        this.checkFile(label, field, file);
        return ++placeholder;
      });
      this.validate(section, label, input);
      const kind = refKindOf(section);
      if (ref && kind) {
        if (this.refs[kind].has(ref)) throw new ImportError(`${label}: ref "${ref}" is used twice in ${section}`);
        this.refs[kind].set(ref, ++placeholder);
      }
    }
  }

  /** The import itself, in one transaction (ids now real); files stored for it are removed if it fails. */
  async write(db: Db): Promise<ImportResult> {
    for (const map of Object.values(this.refs)) map.clear();
    const result: ImportResult = { files: [], users: [], topics: [], circles: [], models: [], slices: [], posts: [], timelapses: [] };
    const now = Date.now();
    try {
      await db.transaction(async (trx) => {
        for (const { section, item, ref, label } of this.items()) {
          const input = await this.resolve(label, item, async (file, field) => {
            const stored = await this.upload(trx, label, field, file, now);
            if (!result.files.some((f) => f.fileId === stored.fileId)) result.files.push({ path: file, fileId: stored.fileId });
            return stored.fileId;
          });
          const id = await this.create(trx, section, label, this.validate(section, label, input), now);
          const kind = refKindOf(section);
          if (ref && kind) this.refs[kind].set(ref, id);
          result[section].push(ref ? { ref, id } : { id });
        }
      });
    } catch (err) {
      const keys = [...[...this.stored.values()].map((f) => f.storageKey), ...this.toolpaths];
      await Promise.all(keys.map((key) => this.storage.remove(key)));
      throw err;
    }
    return result;
  }

  /** The item with its references and file paths replaced by ids (`file` gives a path's id). */
  private async resolve(label: string, item: Record<string, unknown>, file: (path: string, field: string) => Promise<number>) {
    const one = async (value: unknown, key: string, field: string): Promise<unknown> => {
      if (typeof value !== 'string') return value;
      const kind = REF_FIELDS.get(key);
      if (kind) {
        const id = this.refs[kind].get(value);
        if (id === undefined) throw new ImportError(`${label}: ${field}: no item with ref "${value}" in ${kind} before this one`);
        return id;
      }
      return FILE_FIELDS.has(key) ? file(path.resolve(this.baseDir, value), field) : value;
    };
    const fields = async (obj: Record<string, unknown>, prefix: string) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(obj)) {
        if (key === 'ref') continue;
        const field = prefix + key;
        // One at a time throughout: the same file named twice must be uploaded once.
        if (key === 'banners' && Array.isArray(value)) {
          const banners: unknown[] = [];
          for (const [i, b] of value.entries()) banners.push(isObject(b) ? await fields(b, `${field}.${i}.`) : b);
          out[key] = banners;
        } else if (Array.isArray(value) && (REF_FIELDS.has(key) || FILE_FIELDS.has(key))) {
          const list: unknown[] = [];
          for (const [i, v] of value.entries()) list.push(await one(v, key, `${field}.${i}`));
          out[key] = list;
        } else {
          out[key] = await one(value, key, field);
        }
      }
      return out;
    };
    return fields(item, '');
  }

  private validate(section: Section, label: string, input: Record<string, unknown>) {
    const schema = schemaFor(section, input);
    const unknown = Object.keys(input).filter((k) => !Object.hasOwn(schema.shape, k));
    if (unknown.length > 0) throw new ImportError(`${label}: unknown field ${unknown.join(', ')}`);
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw new ImportError(`${label}: ${issueText(parsed.error)}`);
    return parsed.data;
  }

  private async create(trx: Tx, section: Section, label: string, input: unknown, now: number): Promise<number> {
    try {
      switch (section) {
        case 'users':
          return (await service.createUser(trx, input as z.infer<typeof ZUserInput>, now)).userId;
        case 'topics':
          return (await service.createTopic(trx, input as z.infer<typeof ZTopicInput>, now)).topicId;
        case 'circles':
          return (await service.createCircle(trx, input as z.infer<typeof ZCircleInput>, now)).circleId;
        case 'models':
          return (await service.createModel(trx, input as z.infer<typeof ZModelInput>, now)).modelId;
        case 'posts':
          return (await service.createPost(trx, input as z.infer<typeof ZPostInput>, now)).postId;
        case 'timelapses':
          return (await service.createTimelapse(trx, input as z.infer<typeof ZTimelapseInput>, now)).timelapseId;
        case 'slices':
          if (!isObject(input) || !('gcodeFileId' in input))
            return (await service.createSlice(trx, input as z.infer<typeof ZSliceInput>, now)).sliceId;
          return (await this.gcodeSlice(trx, input as z.infer<typeof ZGcodeSliceInput>, now)).sliceId;
      }
    } catch (err) {
      throw err instanceof AppError ? new ImportError(`${label}: ${appErrorText(err)}`) : err;
    }
  }

  /** The G-code is read back from the store and parsed (off the main thread). */
  private async gcodeSlice(trx: Tx, input: z.infer<typeof ZGcodeSliceInput>, now: number) {
    const file = await requireFile(trx, input.gcodeFileId, 'gcode', 'gcodeFileId');
    const read = await readStoredGcode(this.storage, file, 'gcodeFileId');
    if (read.toolpathKey) this.toolpaths.push(read.toolpathKey);
    return service.createGcodeSlice(trx, input, { file, ...read }, now);
  }

  private checkFile(label: string, field: string, file: string): CheckedUpload {
    const known = this.checked.get(file);
    if (known) return known;
    const checked = this.fileError(label, field, file, () => checkUpload(readFileSync(file), path.basename(file)));
    this.checked.set(file, checked);
    return checked;
  }

  private async upload(trx: Tx, label: string, field: string, file: string, now: number): Promise<StoredFile> {
    const done = this.stored.get(file);
    if (done) return done;
    const checked = this.checkFile(label, field, file);
    const bytes = this.fileError(label, field, file, () => readFileSync(file));
    if (bytes.byteLength !== checked.sizeBytes) throw new ImportError(`${label}: ${field}: ${file} changed during the import`);
    const stored = await saveUpload(trx, this.storage, bytes, checked, now);
    this.stored.set(file, stored);
    return stored;
  }

  /** Runs `f`, reporting a missing or refused file by item, field and path. */
  private fileError<T>(label: string, field: string, file: string, f: () => T): T {
    try {
      return f();
    } catch (err) {
      const text = err instanceof AppError ? appErrorText(err) : (err as Error).message;
      throw new ImportError(`${label}: ${field} (${file}): ${text}`);
    }
  }
}

const refKindOf = (section: Section): RefKind | null =>
  section === 'users' || section === 'topics' || section === 'circles' || section === 'models' ? section : null;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(item)'}: ${issue.message}` : error.message;
}

/** An API refusal in English, with the detail a result may carry (the G-code parser's reason). */
function appErrorText(err: AppError): string {
  const text = message('en', err.messageKey, err.options.params);
  const reason = isObject(err.options.result) && typeof err.options.result.reason === 'string' ? ` (${err.options.result.reason})` : '';
  return text + reason;
}
