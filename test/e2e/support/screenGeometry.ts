import type { Page } from 'playwright-core';

export interface SidewaysOverflow {
  /** The page's scroll width, and the width it has to show it in. */
  scrollWidth: number;
  width: number;
  /** Elements that reach past either side of the screen, by tag, class and text. */
  outside: string[];
}

/**
 * What does not fit the screen's width. The body clips what spills sideways (base.css), so the
 * scroll width alone hides an element cut off at the edge: every visible element is measured too,
 * except inside a box of its own that clips or scrolls sideways (a carousel's track, a wide table).
 */
export function sidewaysOverflow(page: Page): Promise<SidewaysOverflow> {
  return page.evaluate(() => {
    // innerWidth: full-bleed sections are 100vw wide, scrollbar included (base.css).
    const width = window.innerWidth;
    const ownClip = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const classes =
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const rect = element.getBoundingClientRect();
      return (
        `${element.tagName.toLowerCase()}${classes} "${text}" [${Math.round(rect.left)}, ` +
        `${Math.round(rect.right)}]`
      );
    };
    const outside: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.left >= -1 && rect.right <= width + 1) continue;
      if (getComputedStyle(element).visibility === 'hidden' || ownClip(element)) continue;
      outside.push(describe(element));
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, outside };
  });
}

export interface HeadlineGaps {
  /**
   * Per rotating word: the room between 'Sua' and it, and between it and 'do seu jeito' when they share its line, in
   * em.
   */
  words: Array<{ word: string; before: number; after: number | null }>;
}

/**
 * The landing headline 'Sua {word} do seu jeito' as laid out, each rotating word in turn (their
 * places do not depend on which one shows): how much room separates it from its neighbours.
 */
export function headlineGaps(page: Page): Promise<HeadlineGaps> {
  return page.evaluate(() => {
    const title = document.getElementById('hero-title');
    const shown = title?.querySelector('[aria-hidden="true"]');
    if (!title || !shown) throw new Error('no landing headline');
    const fontSize = parseFloat(getComputedStyle(title).fontSize);
    const textRect = (node: Text, text: string) => {
      const start = (node.textContent ?? '').indexOf(text);
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + text.length);
      return range.getBoundingClientRect();
    };
    const texts: Text[] = [];
    const walker = document.createTreeWalker(shown, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
    const sua = texts.find((node) => node.textContent?.includes('Sua'));
    const tail = texts.find((node) => node.textContent?.includes('do seu jeito'));
    if (!sua || !tail) throw new Error('the headline lost its words');
    const suaRect = textRect(sua, 'Sua');
    const tailRect = textRect(tail, 'do seu jeito');
    const sameLine = (a: DOMRect, b: DOMRect) => Math.abs(a.bottom - b.bottom) < fontSize / 2;
    const words = [...shown.querySelectorAll('.hero__word')].map((element) => {
      const word = element.textContent ?? '';
      const rect = textRect(element.firstChild as Text, word);
      return {
        word,
        before: sameLine(suaRect, rect) ? (rect.left - suaRect.right) / fontSize : 0,
        after: sameLine(rect, tailRect) ? (tailRect.left - rect.right) / fontSize : null,
      };
    });
    return { words };
  });
}

/**
 * The landing's layout shifts through one whole turn of the headline's words: each word's
 * animation is set at every second of its 12 s cycle (each word shows for 2 s) and a frame is
 * drawn, then the layout-shift entries since the page opened are added up (CLS, as a browser
 * reports it).
 */
export function layoutShiftThroughOneTurn(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const words = document.getAnimations().filter((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return target?.classList.contains('hero__word') ?? false;
    });
    if (words.length === 0) throw new Error('the headline words do not turn');
    for (let at = 0; at <= 12_000; at += 1_000) {
      for (const animation of words) animation.currentTime = at;
      await frame();
    }
    return new Promise<number>((resolve) => {
      new PerformanceObserver((list, observer) => {
        observer.disconnect();
        const shifts = list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>;
        resolve(shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0));
      }).observe({ type: 'layout-shift', buffered: true });
      // No entry at all calls nothing: a frame later, none it is.
      void frame().then(() => resolve(0));
    });
  });
}
