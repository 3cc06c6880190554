/**
 * Collisions in the diagrams of the open page, found in the browser from what it laid out: every
 * shown `svg.diagram__svg`, each layout that is displayed. A collision is
 * - two texts whose boxes intersect;
 * - a text whose box is crossed by a line that is not its own (see `own` below);
 * - a note that overlaps a frame (alt, loop, …) without being inside it.
 * Boxes are the texts' glyph boxes (getBBox), less half a pixel on each side, so that labels that
 * only touch are not counted. Lines are every stroke the SVG draws: edges, lifelines, messages and
 * the outlines of boxes, sampled along their length in the SVG's own coordinates.
 *
 * A string evaluated in the page, so the test runner's compiler adds no helpers the page lacks.
 */
import type { Page } from 'playwright-core';

export interface DiagramCollisions {
  /** Diagrams (layouts) checked. */
  layouts: number;
  texts: number;
  /** One line per collision: diagram title, layout, what collides. */
  found: string[];
}

const FIND_COLLISIONS = `(() => {
  const SLACK = 0.5;
  const found = [];
  let layouts = 0, texts = 0;
  const inset = (b) => ({ x: b.x + SLACK, y: b.y + SLACK, w: b.width - 2 * SLACK, h: b.height - 2 * SLACK });
  const meets = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  const contains = (outer, inner) => inner.x >= outer.x - 1 && inner.y >= outer.y - 1 && inner.x + inner.w <= outer.x + outer.w + 1 && inner.y + inner.h <= outer.y + outer.h + 1;
  // Liang-Barsky: does the segment p-q pass through the box?
  const crosses = (p, q, b) => {
    let t0 = 0, t1 = 1;
    const dx = q.x - p.x, dy = q.y - p.y;
    for (const [d, e] of [[-dx, p.x - b.x], [dx, b.x + b.w - p.x], [-dy, p.y - b.y], [dy, b.y + b.h - p.y]]) {
      if (d === 0) { if (e < 0) return false; continue; }
      const t = e / d;
      if (d < 0) { if (t > t1) return false; if (t > t0) t0 = t; }
      else { if (t < t0) return false; if (t < t1) t1 = t; }
    }
    return true;
  };
  const name = (t) => JSON.stringify((t.textContent || '').trim());
  for (const svg of document.querySelectorAll('svg.diagram__svg')) {
    if (svg.getBoundingClientRect().width === 0) continue; // a layout this width does not display
    layouts++;
    const where = svg.getAttribute('aria-label') + (svg.classList.contains('diagram__svg--narrow') ? ' (narrow)' : '');
    const group = (el) => el.closest('g[class]');
    // Strokes: every shape drawn with a stroke, as polylines of points in the SVG's coordinates.
    const strokes = [...svg.querySelectorAll('line, polyline, path, rect, polygon')]
      .filter((s) => !s.closest('marker, defs') && getComputedStyle(s).stroke !== 'none' && getComputedStyle(s).strokeWidth !== '0px')
      .map((s) => {
        const total = s.getTotalLength();
        const points = [];
        for (let at = 0; at < total; at += 2) points.push(s.getPointAtLength(at));
        points.push(s.getPointAtLength(total));
        return { el: s, points };
      });
    const lifelineOf = (s) => s.el.classList.contains('lifeline');
    // The lines a text may touch: those of its own group (its node, note, message, frame, edge label),
    // the edge an edge label names, and the lifelines a note is drawn over.
    const own = (text, s) => {
      const g = group(text);
      if (g && g.contains(s.el)) return true;
      if (g && g.classList.contains('edge-label') && s.el.classList.contains('edge'))
        return s.el.dataset.from === g.dataset.from && s.el.dataset.to === g.dataset.to;
      if (g && g.classList.contains('note') && g.dataset.position === 'over' && lifelineOf(s)) return true;
      return false;
    };
    const all = [...svg.querySelectorAll('text')].map((t) => ({ t, box: inset(t.getBBox()) }));
    texts += all.length;
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        if (meets(all[i].box, all[j].box)) found.push(where + ': text ' + name(all[i].t) + ' overlaps text ' + name(all[j].t));
      }
      for (const s of strokes) {
        if (own(all[i].t, s)) continue;
        const hit = s.points.some((p, k) => k > 0 && crosses(s.points[k - 1], p, all[i].box));
        if (!hit) continue;
        const sg = group(s.el);
        const what = s.el.classList.contains('lifeline') ? 'a lifeline' : sg ? 'a line of ' + sg.getAttribute('class') + ' ' + name(sg.querySelector('text') || sg) : 'a line (' + (s.el.getAttribute('class') || s.el.tagName) + ')';
        found.push(where + ': ' + what + ' crosses text ' + name(all[i].t));
      }
    }
    // Notes and the frames (sequence blocks) they are not inside.
    const frames = [...svg.querySelectorAll('g.block')].map((g) => ({ g, box: inset(g.querySelector('rect').getBBox()) }));
    for (const note of svg.querySelectorAll('g.note')) {
      const box = inset(note.querySelector('polygon, rect').getBBox());
      for (const f of frames) {
        if (meets(box, f.box) && !contains(f.box, box)) found.push(where + ': note ' + name(note.querySelector('text')) + ' overlaps frame ' + name(f.g.querySelector('text')));
      }
    }
  }
  return { layouts, texts, found };
})()`;

export function diagramCollisions(page: Page): Promise<DiagramCollisions> {
  return page.evaluate(FIND_COLLISIONS) as Promise<DiagramCollisions>;
}

/** Displays both layouts of every diagram that has two, whatever the width (through the CSSOM: the CSP allows no <style>). */
export async function showEveryLayout(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll<SVGElement>('svg.diagram__svg').forEach((svg) => svg.style.setProperty('display', 'block')));
}
