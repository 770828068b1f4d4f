/**
 * `npm run bench:lighthouse`: Lighthouse (mobile: Moto G class phone, slow 4G, 4x CPU, simulated)
 * on the landing page, served by the production build exactly as `npm start` serves it, several
 * runs; prints each run and the median performance, accessibility, LCP, TBT and CLS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStackProcess, type StackProcess } from './lib/stackProcess';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const PAGE = process.env.LIGHTHOUSE_PATH ?? '/';

interface Run {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function audit(url: string): Promise<Run> {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    if (process.env.LIGHTHOUSE_VERBOSE) {
      for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (a && a.score !== null && a.score < 1) console.log(`  a11y: ${a.id}: ${a.title}`, JSON.stringify(a.details).slice(0, 600));
      }
      console.log('  LCP element:', JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details).slice(0, 800));
      console.log('  long tasks:', JSON.stringify(lhr.audits['long-tasks']?.details).slice(0, 1200));
    }
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      fcp: numeric('first-contentful-paint'),
    };
  } finally {
    await chrome.kill();
  }
}

function line(label: string, run: Run): string {
  return `${label.padEnd(8)} perf ${String(run.performance).padStart(3)}  a11y ${String(run.accessibility).padStart(3)}  FCP ${run.fcp.toFixed(0).padStart(5)} ms  LCP ${run.lcp.toFixed(0).padStart(5)} ms  TBT ${run.tbt.toFixed(0).padStart(4)} ms  CLS ${run.cls.toFixed(3)}`;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  fs.chmodSync(dir, 0o755);
  let stack: StackProcess | null = null;
  try {
    stack = await startStackProcess(
      { DATA_DIR: path.join(dir, 'data'), DIST_DIR: path.join(dir, 'dist'), SKIP_BUILD: '0', SEED: 'none', AUTH_EMULATOR_PORT: '0', FIREBASE_AUTH_EMULATOR_HOST: '' },
      { timeoutMs: 300_000 },
    );
    const url = `${stack.url}${PAGE}`;
    console.log(`Lighthouse ${RUNS} runs on ${url} (mobile, simulated throttling)`);
    const runs: Run[] = [];
    for (let i = 1; i <= RUNS; i += 1) {
      // A trace can come back broken on a busy machine (NO_NAVSTART): that run is tried again.
      let run: Run | null = null;
      for (let attempt = 1; !run; attempt += 1) {
        try {
          run = await audit(url);
        } catch (error) {
          if (attempt >= 3) throw error;
          console.log(`run ${i}: ${(error as Error).message}; trying again`);
        }
      }
      runs.push(run);
      console.log(line(`run ${i}`, run));
    }
    const pick = (key: keyof Run) => median(runs.map((r) => r[key]));
    console.log(
      line('median', {
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
      }),
    );
  } finally {
    await stack?.interrupt();
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

main().catch((error: unknown) => {
  console.error('bench:lighthouse failed:', error);
  process.exitCode = 1;
});
