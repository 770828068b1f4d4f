import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanTemporaryFiles, mkdirDurably, writeFileDurably } from '../../server/src/platform/storage/durableWrite';
import { startTestServer } from './support/testServer';

let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'durable-write-'));
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const put = (file: string, text = 'x') => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

describe('mkdirDurably', () => {
  it('flushes every new level and the parent that holds it, and nothing when the folder exists', async () => {
    const target = path.join(root, 'media', 'festa', 'pad');
    expect(await mkdirDurably(target)).toEqual([
      root,
      path.join(root, 'media'),
      path.join(root, 'media', 'festa'),
      target,
    ]);
    expect(fs.statSync(target).isDirectory()).toBe(true);
    expect(await mkdirDurably(target)).toEqual([]);
    expect(await mkdirDurably(path.join(target, 'novo'))).toEqual([target, path.join(target, 'novo')]);
  });

  it('is what writeFileDurably uses: the new folder of a write is flushed with its parent', async () => {
    const opened: string[] = [];
    const original = fsPromises.open.bind(fsPromises);
    const open = jest.spyOn(fsPromises, 'open').mockImplementation((file, ...rest) => {
      opened.push(String(file));
      return original(file, ...rest);
    });
    try {
      await writeFileDurably(path.join(root, 'faces', 'agent1', 'a.jpg'), Buffer.from('data'));
    } finally {
      open.mockRestore();
    }
    expect(opened).toEqual(
      expect.arrayContaining([root, path.join(root, 'faces'), path.join(root, 'faces', 'agent1')]),
    );
    expect(fs.readFileSync(path.join(root, 'faces', 'agent1', 'a.jpg'), 'utf8')).toBe('data');
  });
});

describe('cleanTemporaryFiles', () => {
  it('removes the temporary files of interrupted writes in the data folders, and nothing else', async () => {
    const leftovers = [
      path.join(root, 'media', 'festa', 'pad', '.a1.jpg.0123456789ab.tmp'),
      path.join(root, 'thumbs', 'festa', 'pad', '.a1.jpg.webp.abcdefabcdef.tmp'),
      path.join(root, 'display', 'festa', 'pad', '.a1.jpg.webp.0a1b2c3d4e5f.tmp'),
      path.join(root, 'faces', 'agent1', '.1700000000-aaaaaaaaaaaa.jpg.ffffffffffff.tmp'),
    ];
    const kept = [
      path.join(root, 'media', 'festa', 'pad', 'a1.jpg'),
      path.join(root, 'media', 'festa', 'pad', 'notes.tmp'),
      path.join(root, 'media', 'festa', 'pad', '.a1.jpg.xyz.tmp'),
      path.join(root, 'db', '.x.0123456789ab.tmp'),
      path.join(root, '.y.0123456789ab.tmp'),
    ];
    for (const file of [...leftovers, ...kept]) put(file);
    expect((await cleanTemporaryFiles(root)).sort()).toEqual([...leftovers].sort());
    for (const file of leftovers) expect(fs.existsSync(file)).toBe(false);
    for (const file of kept) expect(fs.existsSync(file)).toBe(true);
  });

  it('runs when the app starts', async () => {
    const server = await startTestServer();
    try {
      // The test server made its data folder before the app; a second start cleans what a kill left.
      const leftover = path.join(server.dataDir, 'media', 'festa', 'pad', '.a1.jpg.0123456789ab.tmp');
      const photo = path.join(server.dataDir, 'media', 'festa', 'pad', 'a1.jpg');
      put(leftover);
      put(photo);
      const again = await startTestServer({ DATA_DIR: server.dataDir });
      await again.close();
      expect(fs.existsSync(leftover)).toBe(false);
      expect(fs.existsSync(photo)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
