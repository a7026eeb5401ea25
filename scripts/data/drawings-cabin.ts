// Drawings of the interior parts, the accessories, and the service parts a shop may add (oil filters,
// wiper blades), plus the fallback for a part type nobody has drawn yet.
import { PALETTE as P, bar, circle, hexagon, label, path, rect, stroke, type PartDrawing } from './drawing-kit.ts';

/** Interior, accessories and service parts, by part type handle. */
export const CABIN_DRAWINGS: Record<string, PartDrawing> = {
  'floor-mats': {
    draw: (a) =>
      path(
        'M-106 -140 L100 -140 Q122 -140 122 -118 L132 112 Q132 140 104 140 ' +
          'L-100 136 Q-128 136 -128 108 L-124 -118 Q-124 -140 -106 -140 Z',
        P.black,
      ) +
      stroke([-100, -70, -40, -10, 20, 50].map((y) => `M-96 ${y} L100 ${y}`).join(' '), P.dark, 6) +
      rect(-96, 76, 90, 44, P.dark, 8) +
      stroke('M-120 -130 L114 -130', a, 4),
    focus: [-50, 100],
  },
  'seat-covers': {
    draw: (a) =>
      bar(-24, -104, -24, -86, 6, P.metal) +
      bar(24, -104, 24, -86, 6, P.metal) +
      rect(-50, -148, 100, 48, a, 18) +
      rect(-82, -90, 164, 150, a, 30) +
      rect(-100, 52, 200, 64, a, 24) +
      stroke('M-40 -80 L-40 46 M40 -80 L40 46 M-84 84 L84 84', P.white, 3) +
      rect(-70, 116, 140, 24, P.black, 6),
    focus: [30, -100],
  },
  'dash-covers': {
    draw: (a) =>
      path('M-150 30 Q-150 -50 -70 -60 Q-40 -110 30 -100 Q60 -96 70 -70 Q150 -64 150 30 Z', a) +
      rect(-150, 30, 300, 70, P.black, 8) +
      circle(-90, 64, 18, P.dark) +
      circle(90, 64, 18, P.dark) +
      stroke('M-100 -10 L100 -10', P.white, 4) +
      stroke('M-136 22 Q-140 -40 -70 -48 Q-40 -96 30 -88 Q56 -84 66 -58 Q136 -52 136 22', P.white, 2),
    focus: [0, -40],
  },
  'car-covers': {
    draw: (a) =>
      circle(-88, 58, 28, P.black) +
      circle(88, 58, 28, P.black) +
      path(
        'M-150 60 L-146 10 Q-130 -18 -80 -24 L-44 -72 Q-24 -86 30 -86 L70 -80 L112 -26 Q150 -18 150 16 L150 60 Z',
        '#b0bec5',
      ) +
      stroke('M-60 -50 Q-40 0 -70 50 M20 -80 Q40 -10 10 56 M100 -30 Q80 10 104 56', P.steel, 4) +
      stroke('M-40 -74 L-40 60 M60 -80 L60 60', a, 6),
    focus: [0, -40],
  },
  'diagnostic-tools': {
    draw: (a) =>
      stroke('M0 90 Q0 140 60 130 Q110 120 110 90', '#37474f', 12) +
      stroke('M0 90 Q0 140 60 130 Q110 120 110 90', P.black, 6) +
      path('M80 50 L140 50 L134 90 L86 90 Z', P.black) +
      rect(-76, -140, 152, 236, a, 22) +
      rect(-56, -118, 112, 86, P.black, 6) +
      stroke('M-46 -50 L-24 -80 L0 -64 L24 -100 L46 -88', '#69f0ae', 4) +
      circle(-30, 4, 14, P.light) +
      circle(30, 4, 14, P.light) +
      rect(-44, 36, 88, 22, P.light, 8),
    focus: [0, -70],
  },
  'garage-tools': {
    draw: (a) =>
      bar(110, 30, 150, -130, 10, P.steel) +
      bar(60, 30, -50, -60, 26, a) +
      rect(-84, -86, 70, 18, P.steel, 6) +
      path('M-150 70 L104 70 L124 30 L-130 30 Z', a) +
      rect(56, -6, 34, 40, P.steel, 6) +
      circle(-120, 84, 18, P.black) +
      circle(92, 84, 18, P.black),
    focus: [-50, -60],
  },
  'phone-mounts': {
    draw: (a) =>
      bar(0, 110, 0, 150, 8, P.steel) +
      circle(0, 110, 16, P.steel) +
      rect(-60, -130, 120, 220, P.black, 16) +
      rect(-50, -118, 100, 190, P.glass, 8) +
      rect(-82, -40, 24, 70, a, 6) +
      rect(58, -40, 24, 70, a, 6) +
      rect(-56, 84, 112, 18, a, 6),
    focus: [70, 0],
  },
  merchandise: {
    draw: (a) =>
      path('M-104 30 Q-104 -96 0 -100 Q104 -96 104 30 Z', a) +
      path('M-104 30 Q-10 18 64 30 L150 56 Q64 80 -104 50 Z', P.black) +
      stroke('M0 -100 L0 30 M-60 -80 Q-40 -30 -50 26 M60 -80 Q40 -30 50 26', P.white, 2) +
      circle(0, -100, 9, a) +
      rect(-36, -48, 72, 38, P.white, 6) +
      label(0, -21, 20, a, 'AH'),
    focus: [0, -30],
  },
  'oil-filters': {
    draw: (a) =>
      rect(-86, -120, 172, 24, P.black, 8) +
      rect(-80, -100, 160, 220, a, 18) +
      rect(-80, -40, 160, 70, P.white) +
      label(0, 4, 24, a, 'OIL') +
      stroke('M-60 96 L-60 120 M-30 96 L-30 120 M0 96 L0 120 M30 96 L30 120 M60 96 L60 120', P.black, 4),
    focus: [0, -100],
  },
  'wiper-blades': {
    draw: (a) =>
      stroke('M-150 90 Q0 -10 150 -90', '#37474f', 26) +
      stroke('M-150 90 Q0 -10 150 -90', P.black, 18) +
      stroke('M-146 104 Q0 4 146 -76', P.dark, 6) +
      rect(-30, -30, 60, 40, a, 8) +
      bar(0, -10, -120, -130, 12, P.black),
    focus: [0, -10],
  },
};

/** A part type with no drawing of its own: a boxed bolt and nut, plainly a part. */
export const FALLBACK_DRAWING: PartDrawing = {
  draw: (a) =>
    bar(-110, 60, 60, -50, 34, P.steel) +
    hexagon(-110, 60, 40, P.metal) +
    hexagon(90, -70, 44, a) +
    circle(90, -70, 18, P.light),
};
