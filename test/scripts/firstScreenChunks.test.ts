import fs from 'node:fs';
import path from 'node:path';
import { firstScreenChunks } from '../../contract/firstPaint/firstScreens';
import { BOOTH_MODES } from '../../contract/modes';
import { ROUTES, boothRoute } from '../../contract/routePaths';

/** Every `webpackChunkName` the app's code declares. */
function declaredChunkNames(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const source = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of source.matchAll(/webpackChunkName:\s*"([^"]+)"/g)) names.add(match[1]);
  }
  return names;
}

it(`the first screens' code names (contract/firstPaint/firstScreens.ts) are chunks the app declares: a renamed chunk \
is not silently left out of the pages`, () => {
  const declared = declaredChunkNames(path.resolve(__dirname, '../../src'));
  const pages = [ROUTES.collect, ROUTES.collection, ROUTES.events, ROUTES.event, ...BOOTH_MODES.map(boothRoute)];
  const named = new Set(pages.flatMap(firstScreenChunks));
  expect(named.size).toBeGreaterThanOrEqual(6);
  expect([...named].filter((name) => !declared.has(name))).toEqual([]);
});

it(`names no screen's code in the landing page: react-slick (the event page's carousel) comes with the event page's \
chunk alone`, () => {
  expect(firstScreenChunks(ROUTES.home)).toEqual([]);
  expect(firstScreenChunks(boothRoute('pad'))).toContain('route-evento');
  const src = path.resolve(__dirname, '../../src');
  const importers = fs
    .readdirSync(src, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => /from 'react-slick'/.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(src, file));
  expect(importers).toEqual([path.join('features', 'events', 'BoothCarousel.tsx')]);
  // The carousel is the event page's, which the route loads lazily under that chunk's name.
  const events = fs.readFileSync(path.join(src, 'features', 'events', 'eventScreens.ts'), 'utf8');
  expect(events).toMatch(/import\(\/\* webpackChunkName: "route-evento" \*\/ '\.\/EventPage'\)/);
  expect(fs.readFileSync(path.join(src, 'features', 'events', 'EventPage.tsx'), 'utf8')).toContain(
    "from './BoothCarousel'",
  );
});
