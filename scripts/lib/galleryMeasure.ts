/**
 * bench:gallery's measurement of one tap in the browser: the events page opened, the tap on the event card, the time
 * until the first row of thumbnails is painted, then a scroll through a third of the gallery; the DOM size, layout
 * shift and long tasks along the way. BENCH_VERBOSE, BENCH_TRACE and BENCH_PROFILE add detail (bench-gallery.ts).
 */
import fs from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';

export interface Measures {
  firstThumbsMs: number;
  domAfterLoad: number;
  domAfterScroll: number;
  renderedTiles: number;
  layoutShift: number;
  longTasksDuringScrollMs: number;
  longTaskPhases: { beforeTap: number; tapToThumbs: number; scrolling: number };
}

/** Counts the bytes the page downloads (compressed, as on the wire). */
export async function countBytes(cdp: CDPSession): Promise<() => { bytes: number; requests: number }> {
  let bytes = 0;
  let requests = 0;
  await cdp.send('Network.enable');
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  return () => ({ bytes, requests });
}

export async function measure(page: Page, baseUrl: string, settle: boolean): Promise<Measures> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __longTasks: number; __longTaskSpans: [number, number][] };
    w.__cls = 0;
    w.__longTasks = 0;
    w.__longTaskSpans = [];
    (w as unknown as { __shifts: string[] }).__shifts = [];
    new PerformanceObserver((list) => {
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName),
        );
        (w as unknown as { __shifts: string[] }).__shifts.push(
          `${entry.startTime.toFixed(0)}ms ${entry.value.toFixed(4)} ${nodes.join(' ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.__longTasks += entry.duration;
        w.__longTaskSpans.push([entry.startTime, entry.duration]);
      }
    }).observe({ type: 'longtask', buffered: true });
  });

  // A guest who attended the event: the events cookie lists it.
  await page.context().addCookies([
    { name: 'events', value: 'bench', url: baseUrl },
    { name: 'agent', value: 'benchagent0001', url: baseUrl },
  ]);
  await page.goto(`${baseUrl}/eventos`);
  const card = page.getByRole('button', { name: /bench/ });
  await card.waitFor();
  // A guest reads the list a moment before tapping: what the page readies while idle is there.
  if (settle) await page.waitForLoadState('networkidle');
  // The clock starts at the tap on the event card, as the page receives it (the gallery's chunk,
  // list and thumbnails follow): not before Playwright's own checks that the card is ready, which
  // take hundreds of milliseconds of their own on a throttled CPU.
  await page.evaluate(() => {
    const w = window as unknown as { __tapAt?: number };
    // Inline functions: tsx would name a `const` one with a helper the page does not have.
    document.addEventListener('pointerdown', () => void (w.__tapAt ??= performance.now()), {
      capture: true,
      once: true,
    });
    document.addEventListener('click', () => void (w.__tapAt ??= performance.now()), { capture: true, once: true });
  });
  if (process.env.BENCH_VERBOSE) {
    // When the event page, its tiles and their pictures arrive: watched only when asked for (it is work on the page).
    await page.evaluate(() => {
      const w = window as unknown as { __tapAt?: number };
      (w as unknown as { __loads: string[] }).__loads = [];
      new MutationObserver((_, observer) => {
        const loads = (w as unknown as { __loads: string[] }).__loads;
        if (!document.querySelector('h1')?.textContent?.includes('bench')) return;
        if (!loads.some((line) => line.includes('heading')))
          loads.push(`${(performance.now() - (w.__tapAt ?? 0)).toFixed(0)} ms heading`);
        if (document.querySelector('img.tile__image')) {
          loads.push(`${(performance.now() - (w.__tapAt ?? 0)).toFixed(0)} ms tiles in the page`);
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
      document.addEventListener(
        'load',
        (event) => {
          const target = event.target as HTMLImageElement;
          if (target.tagName === 'IMG')
            (w as unknown as { __loads: string[] }).__loads.push(
              `${(performance.now() - (w.__tapAt ?? 0)).toFixed(0)} ms ${target.className} ` +
                `${target.src.split('/').pop()}`,
            );
        },
        { capture: true },
      );
    });
  }
  // BENCH_TRACE=file: a Chrome trace of the tap until the first thumbnails (chrome://tracing, Perfetto).
  const trace = process.env.BENCH_TRACE;
  if (trace) await page.context().browser()?.startTracing(page, { path: trace, screenshots: false });
  // BENCH_PROFILE=file: the page's JavaScript profile over the same span (a .cpuprofile for DevTools).
  const profile = process.env.BENCH_PROFILE;
  const profiler = profile ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  await card.click();
  // Checked at every animation frame: the first row of thumbnails counts as painted at the
  // first frame where its three images have arrived and decoded.
  const painted = await page.waitForFunction(
    () => {
      const images = [...document.querySelectorAll<HTMLImageElement>('img.tile__image')].slice(0, 3);
      const done = images.length === 3 && images.every((img) => img.complete && img.naturalWidth > 0);
      return done ? performance.now() - (window as unknown as { __tapAt: number }).__tapAt : null;
    },
    null,
    { timeout: 60_000, polling: 'raf' },
  );
  const firstThumbsMs = (await painted.jsonValue()) as number;
  if (trace) await page.context().browser()?.stopTracing();
  if (profiler && profile) fs.writeFileSync(profile, JSON.stringify((await profiler.send('Profiler.stop')).profile));
  if (process.env.BENCH_VERBOSE) {
    // What the page fetched around the tap, in the tap's time: which wait the first thumbnails had.
    const fetched = await page.evaluate(() => {
      const tapAt = (window as unknown as { __tapAt: number }).__tapAt;
      return performance
        .getEntriesByType('resource')
        .map(
          (entry) =>
            `${(entry.startTime - tapAt).toFixed(0)}..` +
            `${((entry as PerformanceResourceTiming).responseEnd - tapAt).toFixed(0)} ms ` +
            `${new URL(entry.name).pathname}`,
        );
    });
    console.log('fetched (relative to the tap):', fetched);
    console.log(
      'long tasks (relative to the tap):',
      await page.evaluate(() => {
        const w = window as unknown as { __longTaskSpans: [number, number][]; __tapAt: number };
        return w.__longTaskSpans.map(
          ([at, duration]) => `${(at - w.__tapAt).toFixed(0)} ms for ${duration.toFixed(0)} ms`,
        );
      }),
    );
    console.log(
      'images loaded (relative to the tap):',
      await page.evaluate(() => (window as unknown as { __loads: string[] }).__loads),
    );
  }
  const domAfterLoad = await page.evaluate(() => document.getElementsByTagName('*').length);

  // Scroll through a third of the gallery the way a thumb does: in steps, one per frame.
  await page.evaluate(async () => {
    (window as unknown as { __scrollAt: number }).__scrollAt = performance.now();
    const target = document.documentElement.scrollHeight / 3;
    for (let y = 0; y < target; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
  });
  await page.waitForTimeout(500);
  const after = await page.evaluate(() => ({
    dom: document.getElementsByTagName('*').length,
    tiles: document.querySelectorAll('.tile').length,
    cls: (window as unknown as { __cls: number }).__cls,
    shifts: (window as unknown as { __shifts: string[] }).__shifts,
    longTasks: (window as unknown as { __longTasks: number }).__longTasks,
    // Where the long tasks fall: the events page's own start, the tap until the first thumbnails, the scroll.
    // No named helper in here: tsx would name it with a function the page does not have.
    phases: ((w: { __longTaskSpans: [number, number][]; __tapAt: number; __scrollAt: number }) => {
      const phases = { beforeTap: 0, tapToThumbs: 0, scrolling: 0 };
      for (const [at, duration] of w.__longTaskSpans) {
        if (at < w.__tapAt) phases.beforeTap += duration;
        else if (at < w.__scrollAt) phases.tapToThumbs += duration;
        else phases.scrolling += duration;
      }
      return phases;
    })(window as unknown as { __longTaskSpans: [number, number][]; __tapAt: number; __scrollAt: number }),
  }));
  if (process.env.BENCH_VERBOSE) console.log('layout shifts:', after.shifts);
  return {
    firstThumbsMs,
    domAfterLoad,
    domAfterScroll: after.dom,
    renderedTiles: after.tiles,
    layoutShift: after.cls,
    longTasksDuringScrollMs: after.longTasks,
    longTaskPhases: after.phases,
  };
}
