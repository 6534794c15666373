import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gcodeFixture } from '../../../../tests/helpers/fixtures';
import { ResultCode } from '../../../shared/errors';
import { AppError } from '../../http/app-error';
import { createDiskStorage } from '../storage';
import { MAX_FILE_BYTES } from './file-types';
import { type FileRow, readStoredGcode } from './files';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-gcode-'));
const storage = createDiskStorage(dir);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const row = (key: string, name = 'print.gcode'): FileRow => ({
  id: 7,
  kind: 'gcode',
  storage_key: key,
  name,
  size_bytes: storage.size(key) ?? 0,
});

describe('a stored G-code file read for a slice', () => {
  it('streams through the parser and stores its toolpath preview', async () => {
    const key = await storage.put(fs.readFileSync(gcodeFixture('prusaslicer-2.7.4_vase.gcode') ?? ''), 'gcode');
    const read = await readStoredGcode(storage, row(key), 'gcodeFileId');
    expect(read.params.slicer?.name).toBe('PrusaSlicer');
    expect(read.toolpathKey).toMatch(/\.json$/);
    const toolpath = JSON.parse(fs.readFileSync(path.join(dir, read.toolpathKey ?? ''), 'utf8'));
    expect(toolpath.layers.length).toBeGreaterThan(0);
  });

  it('a file over the G-code limit is refused by its size with the envelope error, not read', async () => {
    const key = await storage.put(Buffer.from('G28\n'), 'gcode');
    // Sparse: as large as it claims without writing the bytes; zeros would be refused as binary if read.
    fs.truncateSync(path.join(dir, key), MAX_FILE_BYTES.gcode + 1);
    const refusal = await readStoredGcode(storage, row(key), 'gcodeFileId').catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe(ResultCode.fileTooLarge);
  });

  it('a file that is not G-code is refused with 1203 and its reason', async () => {
    const key = await storage.put(Buffer.from('hello\nthese are words\n'), 'gcode');
    const refusal = await readStoredGcode(storage, row(key), 'gcodeFileId').catch((err: unknown) => err);
    expect((refusal as AppError).code).toBe(ResultCode.invalidGcode);
  });
});
