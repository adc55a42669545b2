#!/usr/bin/env node
/**
 * Renders the demo catalogue's product images (catalog/demo/images/*.webp).
 *
 * Every image is original artwork composed here as SVG (gradients, geometric shapes and
 * a few words in a generic sans-serif) and rasterised by sharp into a 1000x1000 WebP.
 * Nothing is downloaded. The outputs are committed, so the shop never runs this script:
 * run it again only after changing the artwork.
 *
 *   node scripts/make-demo-images.mjs            # writes every image
 *   node scripts/make-demo-images.mjs shirt      # only images whose name contains "shirt"
 */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'catalog/demo/images');
const SIZE = 1000;
const QUALITY = 80;
/** Warn above this size: the shop serves these on every listing page. */
const BUDGET_BYTES = 60 * 1024;

// Generic font stack: the text is short so any sans-serif renders it acceptably.
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

const C = {
  night: '#141a4a',
  indigo: '#2b2f8f',
  violet: '#6a2cbf',
  magenta: '#e0407b',
  coral: '#ff6b5a',
  orange: '#ff9a3d',
  sun: '#ffd23f',
  cream: '#fff6e0',
  teal: '#1fc9b7',
  mint: '#9af2c9',
  grass: '#2f9e5b',
  forest: '#1d5e3d',
  sky: '#5ec8ff',
  white: '#ffffff',
  ink: '#101226',
};

// ---------------------------------------------------------------------------------------
// Small SVG helpers

/** Deterministic pseudo-random numbers, so re-running the script gives identical files. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function svg(body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs>${defs}</defs>
${body}
</svg>`;
}

function linear(id, stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = {}) {
  const stopTags = stops.map((color, index) => `<stop offset="${(index / (stops.length - 1)).toFixed(3)}" stop-color="${color}"/>`).join('');
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopTags}</linearGradient>`;
}

function radial(id, stops, { cx = 0.5, cy = 0.5, r = 0.5 } = {}) {
  const stopTags = stops
    .map(([color, opacity], index) => `<stop offset="${(index / (stops.length - 1)).toFixed(3)}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join('');
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopTags}</radialGradient>`;
}

function text(x, y, content, { size = 48, fill = C.white, weight = 700, anchor = 'middle', spacing = 0, opacity = 1, rotate = 0 } = {}) {
  const transform = rotate ? ` transform="rotate(${rotate} ${x} ${y})"` : '';
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}" letter-spacing="${spacing}" opacity="${opacity}"${transform}>${content}</text>`;
}

function background(id, stops, direction) {
  return { defs: linear(id, stops, direction), body: `<rect width="${SIZE}" height="${SIZE}" fill="url(#${id})"/>` };
}

function stars(seed, count, { top = 0, bottom = 600, fill = C.white } = {}) {
  const next = random(seed);
  let out = '';
  for (let index = 0; index < count; index += 1) {
    const x = Math.round(next() * SIZE);
    const y = Math.round(top + next() * (bottom - top));
    const r = (0.8 + next() * 2.4).toFixed(1);
    out += `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" opacity="${(0.35 + next() * 0.6).toFixed(2)}"/>`;
  }
  return out;
}

/** A four-pointed "north star", the festival's mark. */
function northStar(cx, cy, r, fill = C.sun, opacity = 1) {
  const k = r * 0.22;
  const d = `M${cx} ${cy - r} L${cx + k} ${cy - k} L${cx + r} ${cy} L${cx + k} ${cy + k} L${cx} ${cy + r} L${cx - k} ${cy + k} L${cx - r} ${cy} L${cx - k} ${cy - k} Z`;
  return `<path d="${d}" fill="${fill}" opacity="${opacity}"/>`;
}

/** Three swooshes for the "wind" in Northwind: lines ending in a curl, staggered so they never touch. */
function windLines(x, y, width, color = C.white, opacity = 0.8) {
  const r = 24;
  const line = (dy, length) =>
    `<path d="M${x} ${y + dy} h${length} a${r} ${r} 0 0 0 0 -${2 * r} a${r / 2} ${r / 2} 0 0 0 -${r} ${r / 2}" fill="none" stroke="${color}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}"/>`;
  return line(0, width * 0.62) + line(80, width * 0.9) + line(160, width * 0.48);
}

/** Light beams fanning up from the bottom edge. */
function beams(seed, colors, { originY = 1000, count = 6, opacity = 0.28 } = {}) {
  const next = random(seed);
  let out = '';
  for (let index = 0; index < count; index += 1) {
    const ox = 120 + (index * 760) / Math.max(1, count - 1);
    const tx = ox + (next() - 0.5) * 900;
    const spread = 70 + next() * 90;
    const color = colors[index % colors.length];
    out += `<polygon points="${ox - 10},${originY} ${ox + 10},${originY} ${tx + spread},0 ${tx - spread},0" fill="${color}" opacity="${opacity}"/>`;
  }
  return out;
}

function confetti(seed, count, colors, { top = 0, bottom = SIZE } = {}) {
  const next = random(seed);
  let out = '';
  for (let index = 0; index < count; index += 1) {
    const x = Math.round(next() * SIZE);
    const y = Math.round(top + next() * (bottom - top));
    const color = colors[index % colors.length];
    const angle = Math.round(next() * 180);
    out += next() > 0.5
      ? `<rect x="${x}" y="${y}" width="22" height="10" rx="3" fill="${color}" transform="rotate(${angle} ${x} ${y})"/>`
      : `<circle cx="${x}" cy="${y}" r="7" fill="${color}"/>`;
  }
  return out;
}

/** A paper ticket: rounded card with half-circle notches and a perforation line. */
function ticket({ x = 150, y = 300, w = 700, h = 400, fill = C.cream, stub = 0.72, rotate = -8 }) {
  const notchX = x + w * stub;
  const r = 34;
  const d = [
    `M${x + 28} ${y}`,
    `H${notchX - r}`,
    `A${r} ${r} 0 0 0 ${notchX + r} ${y}`,
    `H${x + w - 28}`,
    `Q${x + w} ${y} ${x + w} ${y + 28}`,
    `V${y + h - 28}`,
    `Q${x + w} ${y + h} ${x + w - 28} ${y + h}`,
    `H${notchX + r}`,
    `A${r} ${r} 0 0 0 ${notchX - r} ${y + h}`,
    `H${x + 28}`,
    `Q${x} ${y + h} ${x} ${y + h - 28}`,
    `V${y + 28}`,
    `Q${x} ${y} ${x + 28} ${y}`,
    'Z',
  ].join(' ');
  const perforation = `<line x1="${notchX}" y1="${y + r + 14}" x2="${notchX}" y2="${y + h - r - 14}" stroke="${C.ink}" stroke-opacity="0.35" stroke-width="6" stroke-dasharray="4 16" stroke-linecap="round"/>`;
  return {
    open: `<g transform="rotate(${rotate} ${x + w / 2} ${y + h / 2})"><path d="${d}" fill="${fill}"/>${perforation}`,
    close: '</g>',
    stubCenter: x + w * stub + (w * (1 - stub)) / 2,
    mainCenter: x + (w * stub) / 2,
  };
}

function shadow(id = 'shadow') {
  return `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="18" stdDeviation="18" flood-color="#000" flood-opacity="0.35"/></filter>`;
}

/** A T-shirt outline centred on the canvas; long sleeves and a hood make it a hoodie. */
function garment({ fill, hoodie = false, cx = 500, top = 190 }) {
  const neck = hoodie ? 0 : 1;
  const body = hoodie
    ? `M${cx - 150} ${top + 40} L${cx - 320} ${top + 140} L${cx - 360} ${top + 560} L${cx - 290} ${top + 575} L${cx - 230} ${top + 260} L${cx - 225} ${top + 640} L${cx + 225} ${top + 640} L${cx + 230} ${top + 260} L${cx + 290} ${top + 575} L${cx + 360} ${top + 560} L${cx + 320} ${top + 140} L${cx + 150} ${top + 40} Z`
    : `M${cx - 120} ${top} L${cx - 330} ${top + 80} L${cx - 400} ${top + 250} L${cx - 290} ${top + 300} L${cx - 240} ${top + 230} L${cx - 240} ${top + 620} L${cx + 240} ${top + 620} L${cx + 240} ${top + 230} L${cx + 290} ${top + 300} L${cx + 400} ${top + 250} L${cx + 330} ${top + 80} L${cx + 120} ${top} Q${cx} ${top + 110 * neck} ${cx - 120} ${top} Z`;
  let out = `<path d="${body}" fill="${fill}" stroke="${C.ink}" stroke-opacity="0.25" stroke-width="6" stroke-linejoin="round"/>`;
  if (hoodie) {
    out += `<path d="M${cx - 150} ${top + 40} Q${cx - 170} ${top - 120} ${cx} ${top - 130} Q${cx + 170} ${top - 120} ${cx + 150} ${top + 40} Q${cx} ${top + 150} ${cx - 150} ${top + 40} Z" fill="${fill}" stroke="${C.ink}" stroke-opacity="0.25" stroke-width="6"/>`;
    out += `<path d="M${cx - 95} ${top + 30} Q${cx} ${top - 70} ${cx + 95} ${top + 30} Q${cx} ${top + 95} ${cx - 95} ${top + 30} Z" fill="${C.ink}" opacity="0.35"/>`;
    out += `<line x1="${cx - 40}" y1="${top + 90}" x2="${cx - 45}" y2="${top + 210}" stroke="${C.cream}" stroke-width="8" stroke-linecap="round"/>`;
    out += `<line x1="${cx + 40}" y1="${top + 90}" x2="${cx + 45}" y2="${top + 210}" stroke="${C.cream}" stroke-width="8" stroke-linecap="round"/>`;
    out += `<path d="M${cx - 150} ${top + 470} H${cx + 150} L${cx + 120} ${top + 580} H${cx - 120} Z" fill="${C.ink}" opacity="0.18"/>`;
    out += `<rect x="${cx - 225}" y="${top + 610}" width="450" height="30" fill="${C.ink}" opacity="0.15"/>`;
  }
  return out;
}

function bus({ x, y, w = 720, body = C.sun, stripe = C.magenta, label = '', labelFill = C.cream, coach = false }) {
  const h = coach ? 290 : 260;
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="46" fill="${body}"/>`;
  out += `<rect x="${x}" y="${y + h - 104}" width="${w}" height="50" fill="${stripe}"/>`;
  if (label) out += text(x + (w - 230) / 2 + 20, y + h - 66, label, { size: 34, fill: labelFill, spacing: 8 });
  const windows = coach ? 6 : 5;
  // Side windows stop short of the door (x + w - 210).
  const windowWidth = (w - 266) / windows - 16;
  for (let index = 0; index < windows; index += 1) {
    out += `<rect x="${x + 40 + index * (windowWidth + 16)}" y="${y + 40}" width="${windowWidth}" height="${coach ? 95 : 100}" rx="14" fill="${C.sky}" opacity="0.95"/>`;
  }
  // Windscreen and door.
  out += `<path d="M${x + w - 130} ${y + 40} H${x + w - 40} Q${x + w - 10} ${y + 40} ${x + w - 10} ${y + 90} V${y + 150} H${x + w - 130} Z" fill="${C.sky}"/>`;
  out += `<rect x="${x + w - 210}" y="${y + 40}" width="64" height="${h - 80}" rx="10" fill="${C.ink}" opacity="0.25"/>`;
  out += `<circle cx="${x + w - 22}" cy="${y + h - 40}" r="14" fill="${C.cream}"/>`;
  for (const wheel of [x + 150, x + w - 170]) {
    out += `<circle cx="${wheel}" cy="${y + h}" r="62" fill="${C.ink}"/><circle cx="${wheel}" cy="${y + h}" r="26" fill="#c9cbe0"/>`;
  }
  return out;
}

function tent(cx, baseY, w, h, fill, door = C.ink) {
  return `<polygon points="${cx - w / 2},${baseY} ${cx},${baseY - h} ${cx + w / 2},${baseY}" fill="${fill}"/>` +
    `<polygon points="${cx},${baseY - h} ${cx + w / 2},${baseY} ${cx + w * 0.18},${baseY}" fill="#000" opacity="0.18"/>` +
    `<polygon points="${cx - w * 0.12},${baseY} ${cx},${baseY - h * 0.45} ${cx + w * 0.12},${baseY}" fill="${door}" opacity="0.75"/>`;
}

function bunting(x1, y1, x2, y2, sag, colors) {
  const count = 11;
  let out = `<path d="M${x1} ${y1} Q${(x1 + x2) / 2} ${Math.max(y1, y2) + sag} ${x2} ${y2}" fill="none" stroke="${C.cream}" stroke-width="4"/>`;
  for (let index = 1; index < count; index += 1) {
    const t = index / count;
    const x = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * ((x1 + x2) / 2) + t ** 2 * x2;
    const y = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * (Math.max(y1, y2) + sag) + t ** 2 * y2;
    out += `<polygon points="${x - 18},${y} ${x + 18},${y} ${x},${y + 44}" fill="${colors[index % colors.length]}"/>`;
  }
  return out;
}

function crowd(seed, y, color = C.ink) {
  const next = random(seed);
  let out = '';
  for (let x = -20; x < SIZE + 40; x += 46) {
    const headY = y + next() * 40;
    const armUp = next() > 0.7;
    out += `<circle cx="${x}" cy="${headY}" r="24" fill="${color}"/>`;
    out += `<rect x="${x - 34}" y="${headY + 22}" width="68" height="${SIZE - headY}" rx="30" fill="${color}"/>`;
    if (armUp) out += `<line x1="${x + 20}" y1="${headY + 40}" x2="${x + 44}" y2="${headY - 60}" stroke="${color}" stroke-width="18" stroke-linecap="round"/>`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// The artwork, one function per file name

const images = {
  'weekend-ticket': () => {
    const bg = background('bg', [C.night, C.violet, C.magenta]);
    const t = ticket({ x: 140, y: 310, w: 720, h: 380, rotate: -7 });
    return svg(
      bg.body +
        beams(7, [C.sun, C.teal, C.magenta, C.sky], { count: 7, opacity: 0.22 }) +
        stars(11, 60, { bottom: 300 }) +
        northStar(820, 150, 70, C.sun) +
        `<g filter="url(#shadow)">${t.open}` +
        text(t.mainCenter, 440, 'NORTHWIND', { size: 58, fill: C.night, spacing: 2 }) +
        text(t.mainCenter, 540, 'WEEKEND', { size: 84, fill: C.magenta, weight: 800 }) +
        text(t.mainCenter, 612, '18–20 JUNE 2027', { size: 36, fill: C.night, weight: 600, spacing: 3 }) +
        text(t.stubCenter, 520, '3 DAYS', { size: 40, fill: C.violet, rotate: -90 }) +
        `${t.close}</g>`,
      bg.defs + shadow(),
    );
  },

  'weekend-ticket-2': () => {
    const bg = background('bg', ['#07081f', C.night, C.indigo]);
    let truss = '';
    for (let x = 60; x <= 940; x += 40) truss += `<line x1="${x}" y1="120" x2="${x + 20}" y2="160" stroke="#8e93c9" stroke-width="5"/>`;
    let lamps = '';
    const colors = [C.magenta, C.sun, C.teal, C.sky, C.orange, C.magenta];
    for (let index = 0; index < 6; index += 1) {
      const x = 150 + index * 140;
      lamps += `<polygon points="${x - 16},175 ${x + 16},175 ${x + 130 - index * 52},800 ${x - 130 - index * 8},800" fill="${colors[index]}" opacity="0.25"/>`;
      lamps += `<rect x="${x - 24}" y="150" width="48" height="40" rx="8" fill="#2a2e5c"/><circle cx="${x}" cy="182" r="14" fill="${colors[index]}"/>`;
    }
    return svg(
      bg.body +
        `<rect x="40" y="110" width="920" height="14" fill="#8e93c9"/><rect x="40" y="160" width="920" height="14" fill="#8e93c9"/>` +
        truss +
        lamps +
        `<rect x="0" y="640" width="1000" height="40" fill="#2a2e5c"/>` +
        `<ellipse cx="500" cy="520" rx="330" ry="130" fill="url(#glow)"/>` +
        crowd(5, 720),
      bg.defs + radial('glow', [[C.sun, 0.55], [C.magenta, 0.2], [C.magenta, 0]]),
    );
  },

  'weekend-ticket-3': () => {
    const bg = background('bg', [C.violet, C.magenta, C.orange, C.sun]);
    let wheel = '';
    const cx = 640;
    const cy = 430;
    const r = 250;
    for (let index = 0; index < 12; index += 1) {
      const a = (index / 12) * Math.PI * 2;
      const x = cx + Math.cos(a) * r;
      const y = cy + Math.sin(a) * r;
      wheel += `<line x1="${cx}" y1="${cy}" x2="${x.toFixed(1)}" y2="${y.toFixed(1)}" stroke="${C.night}" stroke-width="6"/>`;
      wheel += `<rect x="${(x - 26).toFixed(1)}" y="${(y - 4).toFixed(1)}" width="52" height="44" rx="10" fill="${[C.teal, C.sun, C.night][index % 3]}"/>`;
    }
    return svg(
      bg.body +
        `<circle cx="300" cy="600" r="190" fill="${C.sun}" opacity="0.85"/>` +
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${C.night}" stroke-width="12"/>` +
        wheel +
        `<circle cx="${cx}" cy="${cy}" r="26" fill="${C.night}"/>` +
        `<polygon points="${cx},${cy} ${cx - 160},800 ${cx - 120},800" fill="${C.night}"/><polygon points="${cx},${cy} ${cx + 160},800 ${cx + 120},800" fill="${C.night}"/>` +
        bunting(-20, 120, 520, 90, 120, [C.teal, C.sun, C.night, C.cream]) +
        `<path d="M0 780 Q250 720 500 770 T1000 760 V1000 H0 Z" fill="${C.forest}"/>` +
        `<path d="M0 850 Q300 800 600 850 T1000 840 V1000 H0 Z" fill="${C.grass}"/>`,
      bg.defs,
    );
  },

  'weekend-ticket-4': () => {
    const bg = background('bg', [C.grass, C.forest]);
    const path1 = `<path d="M80 900 C250 700 300 600 500 560 S820 420 900 120" fill="none" stroke="${C.cream}" stroke-width="26" stroke-dasharray="2 40" stroke-linecap="round" opacity="0.9"/>`;
    const path2 = `<path d="M120 200 C300 300 420 420 500 560 S560 820 860 880" fill="none" stroke="${C.cream}" stroke-width="26" stroke-dasharray="2 40" stroke-linecap="round" opacity="0.9"/>`;
    const stage = (x, y, color, w = 170) =>
      `<g filter="url(#shadow)"><rect x="${x}" y="${y}" width="${w}" height="110" rx="18" fill="${color}"/><path d="M${x} ${y + 40} Q${x + w / 2} ${y - 50} ${x + w} ${y + 40}" fill="${color}"/></g>`;
    const next = random(3);
    let trees = '';
    for (let index = 0; index < 26; index += 1) {
      const x = Math.round(next() * 1000);
      const y = Math.round(next() * 1000);
      trees += `<circle cx="${x}" cy="${y}" r="${Math.round(18 + next() * 20)}" fill="${C.forest}" opacity="0.9"/>`;
    }
    return svg(
      bg.body +
        trees +
        `<ellipse cx="760" cy="640" rx="150" ry="90" fill="${C.sky}" opacity="0.9"/>` +
        path1 +
        path2 +
        stage(90, 130, C.magenta, 210) +
        stage(680, 230, C.sun) +
        stage(400, 470, C.violet) +
        tent(230, 720, 110, 80, C.orange) +
        tent(330, 760, 110, 80, C.teal) +
        tent(180, 820, 110, 80, C.sun) +
        northStar(880, 880, 60, C.cream),
      bg.defs + shadow(),
    );
  },

  'day-ticket-saturday': () => {
    const bg = background('bg', [C.orange, C.coral, C.magenta], { x1: 0, y1: 0, x2: 1, y2: 1 });
    const t = ticket({ x: 140, y: 300, w: 720, h: 400, rotate: 6, fill: C.cream });
    return svg(
      bg.body +
        `<circle cx="820" cy="180" r="120" fill="${C.sun}" opacity="0.9"/>` +
        confetti(21, 70, [C.sun, C.teal, C.cream, C.violet]) +
        `<g filter="url(#shadow)">${t.open}` +
        text(t.mainCenter, 420, 'NORTHWIND', { size: 52, fill: C.coral, spacing: 2 }) +
        text(t.mainCenter, 528, 'SATURDAY', { size: 80, fill: C.night, weight: 800 }) +
        text(t.mainCenter, 604, '19 JUNE 2027', { size: 38, fill: C.night, weight: 600, spacing: 3 }) +
        text(t.stubCenter, 520, '1 DAY', { size: 42, fill: C.magenta, rotate: -90 }) +
        `${t.close}</g>`,
      bg.defs + shadow(),
    );
  },

  'weekend-ticket-plan': () => {
    const bg = background('bg', [C.teal, C.indigo], { x1: 0, y1: 0, x2: 1, y2: 1 });
    const t = ticket({ x: 140, y: 120, w: 720, h: 330, rotate: -4 });
    let steps = '';
    const fills = [C.sun, C.cream, C.cream, C.cream];
    for (let index = 0; index < 4; index += 1) {
      const x = 200 + index * 200;
      steps += `<circle cx="${x}" cy="720" r="70" fill="${fills[index]}" stroke="${C.sun}" stroke-width="10"/>`;
      steps += text(x, 744, String(index + 1), { size: 64, fill: C.night, weight: 800 });
    }
    return svg(
      bg.body +
        `<g filter="url(#shadow)">${t.open}` +
        text(t.mainCenter, 250, 'NORTHWIND', { size: 52, fill: C.indigo, spacing: 2 }) +
        text(t.mainCenter, 345, 'WEEKEND', { size: 80, fill: C.night, weight: 800 }) +
        northStar(t.stubCenter, 290, 60, C.teal) +
        `${t.close}</g>` +
        `<line x1="200" y1="720" x2="800" y2="720" stroke="${C.sun}" stroke-width="10" stroke-dasharray="18 18"/>` +
        steps +
        text(500, 900, 'PAY IN 4', { size: 64, fill: C.cream, spacing: 6 }),
      bg.defs + shadow(),
    );
  },

  camping: () => {
    const bg = background('bg', ['#0b0d2e', C.indigo, C.violet]);
    return svg(
      bg.body +
        stars(31, 120, { bottom: 560 }) +
        `<circle cx="780" cy="200" r="80" fill="${C.cream}"/><circle cx="812" cy="180" r="74" fill="${C.indigo}" opacity="0.95"/>` +
        `<path d="M0 640 Q300 560 600 620 T1000 600 V1000 H0 Z" fill="${C.forest}"/>` +
        `<path d="M0 720 Q350 660 700 720 T1000 700 V1000 H0 Z" fill="${C.grass}"/>` +
        tent(250, 770, 300, 230, C.orange) +
        tent(560, 720, 220, 170, C.teal) +
        tent(800, 790, 280, 210, C.magenta) +
        `<ellipse cx="470" cy="900" rx="150" ry="40" fill="url(#fire)"/>` +
        `<polygon points="440,900 470,800 500,900" fill="${C.orange}"/><polygon points="455,900 472,840 490,900" fill="${C.sun}"/>` +
        `<line x1="420" y1="915" x2="520" y2="890" stroke="#6b3b1f" stroke-width="16" stroke-linecap="round"/><line x1="420" y1="890" x2="520" y2="915" stroke="#6b3b1f" stroke-width="16" stroke-linecap="round"/>`,
      bg.defs + radial('fire', [[C.sun, 0.7], [C.orange, 0]]),
    );
  },

  'camping-2': () => {
    const bg = background('bg', [C.sky, '#bfe9ff', C.cream]);
    let rows = '';
    const colors = [C.orange, C.teal, C.magenta, C.sun, C.violet];
    for (let row = 0; row < 3; row += 1) {
      for (let col = 0; col < 5; col += 1) {
        const scale = 0.6 + row * 0.25;
        const cx = 110 + col * 195 + (row % 2) * 60;
        rows += tent(cx, 560 + row * 150, 170 * scale, 130 * scale, colors[(col + row) % colors.length]);
      }
    }
    return svg(
      bg.body +
        `<circle cx="180" cy="180" r="90" fill="${C.sun}"/>` +
        `<path d="M0 470 Q250 420 500 460 T1000 450 V1000 H0 Z" fill="${C.grass}"/>` +
        rows +
        windLines(560, 150, 300, C.white, 0.9),
      bg.defs,
    );
  },

  glamping: () => {
    const bg = background('bg', [C.magenta, C.orange, C.sun]);
    let lights = '';
    for (let index = 0; index < 14; index += 1) {
      const x = 80 + index * 64;
      const y = 150 + Math.sin((index / 13) * Math.PI) * 70;
      lights += `<circle cx="${x}" cy="${y.toFixed(1)}" r="12" fill="${C.cream}"/>`;
    }
    return svg(
      bg.body +
        `<path d="M60 150 Q500 290 940 150" fill="none" stroke="${C.night}" stroke-width="4"/>` +
        lights +
        `<path d="M0 800 Q500 760 1000 800 V1000 H0 Z" fill="${C.grass}"/>` +
        `<g filter="url(#shadow)">` +
        `<path d="M200 820 V600 L500 300 L800 600 V820 Z" fill="${C.cream}"/>` +
        `<path d="M200 600 Q500 660 800 600" fill="none" stroke="${C.orange}" stroke-width="14"/>` +
        `<path d="M420 820 Q500 600 580 820 Z" fill="${C.night}" opacity="0.8"/>` +
        `<line x1="500" y1="300" x2="500" y2="240" stroke="${C.night}" stroke-width="10"/>` +
        `<polygon points="500,240 560,258 500,276" fill="${C.teal}"/>` +
        `</g>`,
      bg.defs + shadow(),
    );
  },

  parking: () => {
    const bg = background('bg', ['#2a2e5c', C.night]);
    let lines = '';
    for (let index = 0; index < 6; index += 1) lines += `<rect x="${90 + index * 170}" y="620" width="14" height="300" fill="${C.cream}" opacity="0.8"/>`;
    return svg(
      bg.body +
        lines +
        `<rect x="0" y="600" width="1000" height="14" fill="${C.cream}" opacity="0.8"/>` +
        `<g filter="url(#shadow)"><rect x="330" y="90" width="340" height="340" rx="50" fill="${C.sky}"/>` +
        `<rect x="350" y="110" width="300" height="300" rx="36" fill="none" stroke="${C.white}" stroke-width="12"/>` +
        text(500, 350, 'P', { size: 260, fill: C.white, weight: 800 }) +
        `</g><rect x="485" y="430" width="30" height="170" fill="#8e93c9"/>` +
        // A small car.
        `<g transform="translate(280 700)"><path d="M20 120 V70 Q20 50 40 48 L110 40 L170 0 H300 L370 45 Q440 52 440 90 V120 Z" fill="${C.magenta}"/>` +
        `<path d="M185 14 H290 L340 48 H150 Z" fill="${C.sky}"/><circle cx="110" cy="125" r="42" fill="${C.ink}"/><circle cx="350" cy="125" r="42" fill="${C.ink}"/>` +
        `<circle cx="110" cy="125" r="16" fill="#c9cbe0"/><circle cx="350" cy="125" r="16" fill="#c9cbe0"/></g>`,
      bg.defs + shadow(),
    );
  },

  locker: () => {
    const bg = background('bg', [C.teal, '#138a80']);
    let doors = '';
    const colors = [C.sun, C.orange, C.magenta, C.violet];
    for (let row = 0; row < 3; row += 1) {
      for (let col = 0; col < 4; col += 1) {
        const x = 140 + col * 185;
        const y = 170 + row * 230;
        const open = row === 1 && col === 2;
        const fill = colors[(row + col) % colors.length];
        if (open) {
          doors += `<rect x="${x}" y="${y}" width="165" height="210" rx="10" fill="${C.ink}" opacity="0.85"/>`;
          doors += `<polygon points="${x + 165},${y} ${x + 235},${y + 25} ${x + 235},${y + 185} ${x + 165},${y + 210}" fill="${fill}"/>`;
          doors += `<rect x="${x + 40}" y="${y + 120}" width="90" height="70" rx="12" fill="${C.cream}"/>`;
        } else {
          doors += `<rect x="${x}" y="${y}" width="165" height="210" rx="10" fill="${fill}"/>`;
          for (let slot = 0; slot < 3; slot += 1) doors += `<rect x="${x + 40}" y="${y + 24 + slot * 16}" width="85" height="7" rx="3" fill="${C.ink}" opacity="0.3"/>`;
          doors += `<circle cx="${x + 140}" cy="${y + 110}" r="10" fill="${C.ink}" opacity="0.5"/>`;
        }
      }
    }
    return svg(
      bg.body +
        `<g filter="url(#shadow)"><rect x="120" y="150" width="760" height="720" rx="24" fill="#dfe3f5"/>${doors}</g>` +
        // Padlock.
        `<g transform="translate(760 720)"><path d="M30 60 V30 a50 50 0 0 1 100 0 V60" fill="none" stroke="${C.night}" stroke-width="22"/><rect x="0" y="55" width="160" height="130" rx="24" fill="${C.night}"/><circle cx="80" cy="115" r="18" fill="${C.sun}"/></g>`,
      bg.defs + shadow(),
    );
  },

  'shuttle-bus': () => {
    const bg = background('bg', [C.sky, '#b8e6ff', C.cream]);
    return svg(
      bg.body +
        `<circle cx="820" cy="170" r="90" fill="${C.sun}"/>` +
        windLines(90, 160, 380, C.white, 0.95) +
        `<path d="M0 640 Q250 600 500 630 T1000 620 V1000 H0 Z" fill="${C.grass}"/>` +
        `<rect x="0" y="760" width="1000" height="140" fill="#4a4f7a"/>` +
        `<rect x="40" y="824" width="120" height="12" rx="6" fill="${C.cream}"/><rect x="300" y="824" width="120" height="12" rx="6" fill="${C.cream}"/><rect x="560" y="824" width="120" height="12" rx="6" fill="${C.cream}"/><rect x="820" y="824" width="120" height="12" rx="6" fill="${C.cream}"/>` +
        `<g filter="url(#shadow)">${bus({ x: 140, y: 440, body: C.sun, stripe: C.magenta, label: 'SHUTTLE' })}</g>`,
      bg.defs + shadow(),
    );
  },

  'coach-utrecht': () => {
    const bg = background('bg', [C.violet, C.indigo]);
    return svg(
      bg.body +
        stars(41, 40, { bottom: 260 }) +
        // Route: from a city dot to the festival star.
        `<path d="M150 250 C350 120 600 330 840 200" fill="none" stroke="${C.cream}" stroke-width="10" stroke-dasharray="6 22" stroke-linecap="round"/>` +
        `<circle cx="150" cy="250" r="30" fill="${C.teal}"/><circle cx="150" cy="250" r="12" fill="${C.cream}"/>` +
        northStar(850, 200, 70, C.sun) +
        `<rect x="0" y="760" width="1000" height="240" fill="#1b1e47"/>` +
        `<rect x="60" y="860" width="140" height="14" rx="7" fill="${C.sun}"/><rect x="330" y="860" width="140" height="14" rx="7" fill="${C.sun}"/><rect x="600" y="860" width="140" height="14" rx="7" fill="${C.sun}"/><rect x="870" y="860" width="140" height="14" rx="7" fill="${C.sun}"/>` +
        `<g filter="url(#shadow)">${bus({ x: 110, y: 410, w: 780, body: C.teal, stripe: C.sun, label: 'COACH', labelFill: C.night, coach: true })}</g>`,
      bg.defs + shadow(),
    );
  },

  'shirt-lineup': () => {
    const bg = background('bg', ['#f3efe6', '#e2dccd']);
    let bars = '';
    const widths = [300, 240, 270, 200, 250, 180];
    widths.forEach((w, index) => {
      bars += `<rect x="${500 - w / 2}" y="${505 + index * 38}" width="${w}" height="${index === 0 ? 22 : 14}" rx="7" fill="${index % 2 ? C.teal : C.sun}"/>`;
    });
    return svg(
      bg.body +
        `<g filter="url(#shadow)">${garment({ fill: C.night })}</g>` +
        northStar(500, 360, 70, C.magenta) +
        text(500, 480, 'NORTHWIND', { size: 54, fill: C.cream, spacing: 4 }) +
        bars,
      bg.defs + shadow(),
    );
  },

  'shirt-lineup-back': () => {
    const bg = background('bg', ['#e2dccd', '#f3efe6']);
    let bars = '';
    for (let day = 0; day < 3; day += 1) {
      const y = 330 + day * 150;
      bars += `<rect x="330" y="${y}" width="110" height="24" rx="8" fill="${[C.magenta, C.sun, C.teal][day]}"/>`;
      for (let line = 0; line < 3; line += 1) bars += `<rect x="330" y="${y + 40 + line * 28}" width="${340 - line * 60 - day * 20}" height="12" rx="6" fill="${C.cream}" opacity="0.9"/>`;
    }
    return svg(bg.body + `<g filter="url(#shadow)">${garment({ fill: C.night })}</g>` + bars, bg.defs + shadow());
  },

  'shirt-sunrise': () => {
    const bg = background('bg', [C.mint, C.teal]);
    let rays = '';
    for (let index = 0; index < 9; index += 1) {
      const a = Math.PI + (index / 8) * Math.PI;
      rays += `<line x1="${(500 + Math.cos(a) * 120).toFixed(1)}" y1="${(560 + Math.sin(a) * 120).toFixed(1)}" x2="${(500 + Math.cos(a) * 180).toFixed(1)}" y2="${(560 + Math.sin(a) * 180).toFixed(1)}" stroke="${C.orange}" stroke-width="16" stroke-linecap="round"/>`;
    }
    return svg(
      bg.body +
        `<g filter="url(#shadow)">${garment({ fill: C.cream })}</g>` +
        `<path d="M400 560 A100 100 0 0 1 600 560 Z" fill="${C.coral}"/>` +
        rays +
        `<rect x="330" y="578" width="340" height="14" rx="7" fill="${C.violet}"/><rect x="370" y="606" width="260" height="14" rx="7" fill="${C.violet}"/><rect x="410" y="634" width="180" height="14" rx="7" fill="${C.violet}"/>` +
        text(500, 720, 'NORTHWIND', { size: 44, fill: C.night, spacing: 4 }),
      bg.defs + shadow(),
    );
  },

  hoodie: () => {
    const bg = background('bg', [C.sun, C.orange]);
    return svg(
      bg.body +
        `<g filter="url(#shadow)">${garment({ fill: C.violet, hoodie: true, top: 230 })}</g>` +
        northStar(500, 560, 64, C.sun) +
        text(500, 675, 'NORTHWIND', { size: 46, fill: C.cream, spacing: 4 }),
      bg.defs + shadow(),
    );
  },

  poster: () => {
    const bg = background('bg', ['#d9d4c7', '#bdb6a6']);
    const inner = linear('art', [C.night, C.violet, C.magenta, C.orange]);
    return svg(
      bg.body +
        `<g filter="url(#shadow)"><rect x="215" y="80" width="570" height="840" fill="${C.ink}"/>` +
        `<rect x="245" y="110" width="510" height="780" fill="url(#art)"/></g>` +
        `<circle cx="500" cy="470" r="150" fill="${C.sun}" opacity="0.95"/>` +
        `<path d="M245 560 Q380 480 500 540 T755 520 V640 H245 Z" fill="${C.night}" opacity="0.85"/>` +
        northStar(500, 230, 60, C.cream) +
        text(500, 720, 'NORTHWIND', { size: 58, fill: C.cream, spacing: 4 }) +
        text(500, 775, '2027', { size: 46, fill: C.sun, spacing: 12 }) +
        `<rect x="320" y="805" width="360" height="10" rx="5" fill="${C.cream}" opacity="0.8"/><rect x="360" y="830" width="280" height="10" rx="5" fill="${C.cream}" opacity="0.6"/>`,
      bg.defs + inner + shadow(),
    );
  },

  'tote-bag': () => {
    const bg = background('bg', [C.magenta, C.violet]);
    return svg(
      bg.body +
        `<g filter="url(#shadow)">` +
        `<path d="M360 330 V230 a140 140 0 0 1 280 0 V330" fill="none" stroke="#e8dcc0" stroke-width="34"/>` +
        `<path d="M250 320 H750 L790 880 H210 Z" fill="#f1e6cc"/></g>` +
        northStar(500, 545, 90, C.magenta) +
        windLines(330, 700, 300, C.violet, 0.9) +
        text(500, 430, 'NORTHWIND', { size: 50, fill: C.night, spacing: 4 }),
      bg.defs + shadow(),
    );
  },
};

// ---------------------------------------------------------------------------------------

async function main() {
  const filter = process.argv[2];
  mkdirSync(OUT_DIR, { recursive: true });
  let written = 0;
  let oversized = 0;
  for (const [name, render] of Object.entries(images)) {
    if (filter && !name.includes(filter)) continue;
    const file = path.join(OUT_DIR, `${name}.webp`);
    await sharp(Buffer.from(render()), { density: 72 })
      .resize(SIZE, SIZE)
      .webp({ quality: QUALITY, effort: 6, smartSubsample: true })
      .toFile(file);
    const { size } = statSync(file);
    if (size > BUDGET_BYTES) oversized += 1;
    console.log(`${path.relative(ROOT, file)}  ${(size / 1024).toFixed(1)} kB${size > BUDGET_BYTES ? '  (over budget)' : ''}`);
    written += 1;
  }
  if (!written) {
    console.error(`No image name contains "${filter}". Known: ${Object.keys(images).join(', ')}`);
    process.exitCode = 1;
  } else if (oversized) {
    console.warn(`${oversized} image(s) are over ${BUDGET_BYTES / 1024} kB.`);
  }
}

await main();
