import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Download } from 'playwright-core';

/**
 * The bytes a download saved. The journeys share one browser over a connection
 * (docs/testing.md#what-a-run-starts), where Playwright keeps a download on the browser's side: `saveAs` copies it
 * here, `path()` would refuse.
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cabine-download-'));
  try {
    const file = path.join(dir, 'download');
    await download.saveAs(file);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
