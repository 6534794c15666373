import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gcodeFixture } from '../../../../tests/helpers/fixtures';
import { detectFileType, extensionOf, MAX_FILE_BYTES } from './file-types';
import { SAMPLES } from './test-samples';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const FIXTURE_3MF = gcodeFixture('online3dviewer_rhombicuboctahedron.3mf') ?? '';

const typeOf = (bytes: Uint8Array, ext = '') => {
  const d = detectFileType(bytes, ext);
  return d.ok ? `${d.type.kind}/${d.type.format}` : `refused:${d.problem}`;
};

describe('file types by content', () => {
  it('recognises each accepted type by its bytes, whatever the name says', () => {
    expect(typeOf(SAMPLES.png)).toBe('image/PNG');
    expect(typeOf(SAMPLES.jpeg)).toBe('image/JPEG');
    expect(typeOf(SAMPLES.gif)).toBe('image/GIF');
    expect(typeOf(SAMPLES.webp)).toBe('image/WebP');
    expect(typeOf(SAMPLES.mp4)).toBe('video/MP4');
    expect(typeOf(SAMPLES.webm)).toBe('video/WebM');
    expect(typeOf(SAMPLES.asciiStl)).toBe('model/STL');
    expect(typeOf(SAMPLES.binaryStl)).toBe('model/STL');
    expect(typeOf(fs.readFileSync(path.join(ROOT, 'docs/examples/twisted-vase.stl')))).toBe('model/STL');
    expect(typeOf(SAMPLES.gcode, 'png')).toBe('gcode/G-code');
  });

  it('recognises a real 3MF package (ZIP with a content-types part and a model part)', () => {
    expect(typeOf(fs.readFileSync(FIXTURE_3MF))).toBe('model/3MF');
  });

  it('checks the head of G-code, and gives the parser reason for a file named as G-code', () => {
    const ok = detectFileType(SAMPLES.gcode, 'gcode');
    expect(ok.ok && ok.type.kind).toBe('gcode');
    expect(detectFileType(SAMPLES.bgcode, 'bgcode')).toMatchObject({
      ok: false,
      problem: 'gcode',
      reason: expect.stringMatching(/binary G-code/),
    });
    expect(detectFileType(SAMPLES.html, 'gcode')).toMatchObject({ ok: false, problem: 'gcode' });
  });

  it('refuses look-alikes: still images in ISO media, Matroska, plain ZIP, markup, empty and truncated files', () => {
    for (const b of [SAMPLES.heic, SAMPLES.matroska, SAMPLES.zip, SAMPLES.html, SAMPLES.svg, Buffer.alloc(0)]) {
      expect(typeOf(b, 'png')).toBe('refused:unsupported');
    }
    // A binary STL whose triangle count does not match its size is not an STL.
    expect(typeOf(SAMPLES.binaryStl.subarray(0, SAMPLES.binaryStl.length - 1))).toBe('refused:unsupported');
    // "solid" without a facet is a text file that happens to start with a word.
    expect(typeOf(Buffer.from('solid ground\nendsolid ground\n'))).toBe('refused:unsupported');
  });

  it('reads extensions in lower case, ignoring a leading dot', () => {
    expect(extensionOf('Cube.STL')).toBe('stl');
    expect(extensionOf('.gitignore')).toBe('');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('noext')).toBe('');
  });
});

describe('G-code over the size limit', () => {
  it('is recognised as G-code without being read further (the size check refuses it)', () => {
    // Not G-code after its first line: only a full read would see it.
    const bytes = Buffer.alloc(MAX_FILE_BYTES.gcode + 100, 'x');
    bytes.write('G1 X0 Y0\n');
    const detected = detectFileType(bytes, 'gcode');
    expect(detected.ok && detected.type.kind).toBe('gcode');
  });
});
