/**
 * A step of `npm test`: the repository's pages and the code's pointers to them stay true. Every
 * relative link of docs/*.md and README.md names a file that exists, and a `#anchor` a heading
 * of it (GitHub's slugs); every `docs/<page>.md#anchor` the code names exists too; and no file
 * cites a document the repository does not have (a spec's numbered section, a ticket number):
 * a comment says why, and points to docs/ for the rest.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** Where code lives; generated, installed and data folders are never read. */
const CODE_DIRS = ['src', 'server', 'contract', 'tools', 'scripts', 'test', '.ci'];
const SKIP_DIRS = new Set(['node_modules', '.git']);
const SKIP_PATHS = new Set([path.join('tools', 'demoSeed', 'media')]);
const CODE_FILE = /\.(ts|tsx|js|cjs|mjs|css|sql|sh|html)$/;

/** Citations of documents outside the repository. */
const OUTSIDE_CITATIONS: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\bSPEC,? (§|sections? )?\d/, what: 'uma seção do SPEC' },
  { pattern: /\bARCHITECTURE,? (§|sections? )?\d/, what: 'uma seção do ARCHITECTURE' },
  { pattern: /\b[Ii]ssues? #?\d+/, what: 'um número de issue' },
];

/** A pointer from code to a page of docs/, with its anchor. */
const DOC_REFERENCE = /\bdocs\/([\w.-]+\.md)#([\p{L}\p{N}_-]+)/gu;

export interface Problem {
  file: string;
  line: number;
  message: string;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (not `-` or `_`), spaces as hyphens. */
export function slugOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The lines of a Markdown text outside its fenced code blocks, with their numbers. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, index) => {
    const opening = /^\s*(```|~~~)/.exec(text);
    if (opening) {
      if (fence === null) fence = opening[1];
      else if (opening[1] === fence) fence = null;
      return;
    }
    if (fence === null) lines.push({ text, line: index + 1 });
  });
  return lines;
}

/** Every anchor a Markdown page offers: its headings' slugs (repeats numbered as GitHub does) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading) {
      const slug = slugOf(heading[1]);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const id of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]);
  }
  return anchors;
}

/** The link targets of a Markdown page's prose (inline and reference links), outside code. */
export function linksOf(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = text.replace(/`[^`]*`/g, '');
    for (const link of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ target: link[1], line });
    const reference = /^\s*\[[^\]]+\]:\s*(\S+)/.exec(prose);
    if (reference) links.push({ target: reference[1], line });
  }
  return links;
}

function anchorsOfFile(file: string, cache: Map<string, Set<string>>): Set<string> {
  let anchors = cache.get(file);
  if (!anchors) {
    anchors = anchorsOf(fs.readFileSync(file, 'utf8'));
    cache.set(file, anchors);
  }
  return anchors;
}

function codeFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !SKIP_PATHS.has(path.relative(root, full))) walk(full);
      } else if (CODE_FILE.test(entry.name) || path.basename(dir) === '.ci') found.push(full);
    }
  };
  for (const dir of CODE_DIRS) walk(path.join(root, dir));
  for (const entry of fs.readdirSync(root, { withFileTypes: true }))
    if (entry.isFile() && /\.(ts|js|cjs|mjs)$/.test(entry.name)) found.push(path.join(root, entry.name));
  return found;
}

function markdownFiles(root: string): string[] {
  const docs = path.join(root, 'docs');
  const pages = fs.existsSync(docs)
    ? fs
        .readdirSync(docs)
        .filter((name) => name.endsWith('.md'))
        .map((name) => path.join(docs, name))
    : [];
  const readme = path.join(root, 'README.md');
  return fs.existsSync(readme) ? [readme, ...pages] : pages;
}

function outsideCitations(file: string, text: string, root: string): Problem[] {
  const problems: Problem[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, what } of OUTSIDE_CITATIONS) {
      const match = pattern.exec(line);
      if (match)
        problems.push({
          file: path.relative(root, file),
          line: index + 1,
          message: `cita ${what} ('${match[0]}'), que o repositório não tem: aponte para docs/ ou diga o porquê`,
        });
    }
  });
  return problems;
}

/** Every broken link, missing anchor and outside citation under `root`, in a stable order. */
export function findProblems(root: string = ROOT): Problem[] {
  const problems: Problem[] = [];
  const cache = new Map<string, Set<string>>();
  const missingAnchor = (page: string, anchor: string) =>
    !anchorsOfFile(page, cache).has(anchor) && !anchorsOfFile(page, cache).has(decodeURIComponent(anchor));

  for (const page of markdownFiles(root)) {
    const text = fs.readFileSync(page, 'utf8');
    problems.push(...outsideCitations(page, text, root));
    for (const { target, line } of linksOf(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [pathPart, anchor] = target.split('#', 2);
      const file = pathPart === '' ? page : path.resolve(path.dirname(page), decodeURIComponent(pathPart));
      const where = { file: path.relative(root, page), line };
      if (!fs.existsSync(file))
        problems.push({ ...where, message: `o link ${target} leva a um arquivo que não existe` });
      else if (anchor && file.endsWith('.md') && missingAnchor(file, anchor))
        problems.push({ ...where, message: `o link ${target} leva a uma âncora que a página não tem` });
    }
  }

  for (const file of codeFiles(root)) {
    const text = fs.readFileSync(file, 'utf8');
    problems.push(...outsideCitations(file, text, root));
    text.split('\n').forEach((line, index) => {
      for (const [reference, page, anchor] of line.matchAll(DOC_REFERENCE)) {
        const target = path.join(root, 'docs', page);
        const where = { file: path.relative(root, file), line: index + 1 };
        if (!fs.existsSync(target)) problems.push({ ...where, message: `${reference}: a página não existe` });
        else if (missingAnchor(target, anchor))
          problems.push({ ...where, message: `${reference}: a página não tem essa âncora` });
      }
    });
  }
  return problems;
}

/** Checks the tree at `root` (the repository's own by default; another for the tests). */
function main(root: string = ROOT): number {
  const problems = findProblems(root);
  for (const { file, line, message } of problems) console.error(`check-doc-links: ${file}:${line}: ${message}`);
  return problems.length > 0 ? 1 : 0;
}

if (require.main === module) process.exitCode = main(process.argv[2] ? path.resolve(process.argv[2]) : ROOT);
