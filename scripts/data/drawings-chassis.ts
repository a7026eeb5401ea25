// Drawings of the parts under and around the car: brakes, suspension and steering, wheels, body panels.
import {
  PALETTE as P,
  bar,
  circle,
  hexagon,
  label,
  path,
  rect,
  ring,
  stroke,
  zigzag,
  type PartDrawing,
} from './drawing-kit.ts';

const pad = (y: number, accent: string) =>
  path(`M-135 ${y} Q0 ${y - 75} 135 ${y} L128 ${y + 42} Q0 ${y - 28} -128 ${y + 42} Z`, P.steel) +
  path(`M-105 ${y + 6} Q0 ${y - 48} 105 ${y + 6} L100 ${y + 36} Q0 ${y - 12} -100 ${y + 36} Z`, P.black) +
  rect(-150, y + 4, 24, 18, P.steel, 4) +
  rect(126, y + 4, 24, 18, P.steel, 4) +
  rect(-60, y - 30, 16, 16, accent, 3);

/** Brakes, suspension and steering, wheels and body panels, by part type handle. */
export const CHASSIS_DRAWINGS: Record<string, PartDrawing> = {
  'brake-pads': { draw: (a) => pad(-70, a) + pad(30, a), focus: [-60, -40] },
  'brake-rotors': {
    draw: (a) =>
      circle(0, 0, 140, P.metal) +
      circle(0, 0, 118, 'none') +
      ring(10, 96, (x, y) => circle(x, y, 6, P.dark)) +
      ring(5, 96, (x, y) => stroke(`M${x - 10} ${y - 10} L${x + 10} ${y + 10}`, a, 5), 0.3) +
      circle(0, 0, 62, P.steel) +
      ring(5, 38, (x, y) => circle(x, y, 8, P.light)) +
      circle(0, 0, 18, P.light),
    focus: [70, 60],
  },
  'brake-calipers': {
    draw: (a) =>
      rect(-150, -10, 300, 40, P.steel, 16) +
      circle(-128, 10, 9, P.light) +
      circle(128, 10, 9, P.light) +
      path(
        'M-118 -40 Q-118 -110 -40 -110 L40 -110 Q118 -110 118 -40 L118 60 Q118 90 88 90 L-88 90 Q-118 90 -118 60 Z',
        a,
      ) +
      rect(-84, -104, 168, 64, a, 30) +
      stroke('M-84 -72 L84 -72', P.white, 3) +
      rect(90, -132, 16, 26, P.metal, 4) +
      circle(-118, -70, 18, P.metal) +
      circle(-118, -70, 7, P.dark) +
      label(0, 40, 26, P.white, 'BRAKE'),
    focus: [60, -60],
  },
  'brake-fluid': {
    draw: (a) =>
      rect(-30, -112, 60, 40, '#fff8e1') +
      rect(-40, -148, 80, 42, a, 8) +
      stroke('M-28 -140 L-28 -114 M-12 -140 L-12 -114 M4 -140 L4 -114 M20 -140 L20 -114', P.black, 3) +
      rect(-82, -80, 164, 228, '#fff8e1', 26) +
      rect(-82, -30, 164, 120, P.white) +
      rect(-82, -30, 164, 26, a) +
      label(0, 30, 24, P.black, 'BRAKE') +
      label(0, 56, 24, P.black, 'FLUID') +
      label(0, 80, 16, a, 'DOT 4') +
      stroke('M-70 110 L70 110', P.amber, 4),
    focus: [0, 30],
  },
  'shocks-struts': {
    draw: (a) =>
      rect(-58, -150, 116, 16, P.steel, 6) +
      bar(0, -134, 0, -60, 16, P.metal) +
      rect(-28, -70, 56, 186, P.dark, 10) +
      rect(-66, -118, 132, 14, P.steel, 6) +
      stroke(zigzag(0, -104, 62, 56, 5), '#37474f', 18) +
      stroke(zigzag(0, -104, 62, 56, 5), a, 10) +
      rect(-66, 62, 132, 14, P.steel, 6) +
      rect(-36, 114, 72, 36, P.steel, 6) +
      circle(-14, 132, 7, P.light) +
      circle(14, 132, 7, P.light),
    focus: [0, -40],
  },
  'control-arms': {
    draw: (a) =>
      bar(-110, -80, 105, 0, 28, a) +
      bar(-110, 85, 105, 0, 28, a) +
      bar(-70, -60, -70, 65, 14, a) +
      circle(-115, -82, 30, P.black) +
      circle(-115, -82, 13, P.metal) +
      circle(-115, 87, 30, P.black) +
      circle(-115, 87, 13, P.metal) +
      circle(110, 0, 30, P.steel) +
      path('M100 -28 L120 -28 L116 -80 L104 -80 Z', P.metal) +
      hexagon(110, -86, 12, P.steel),
    focus: [-110, -80],
  },
  'tie-rod-ends': {
    draw: () =>
      bar(-150, 40, 30, 40, 24, P.steel) +
      stroke('M-140 28 L-134 52 M-128 28 L-122 52 M-116 28 L-110 52 M-104 28 L-98 52 M-92 28 L-86 52', P.dark, 2) +
      rect(-70, 14, 36, 52, P.metal, 4) +
      path('M30 10 Q80 -10 120 20 Q140 60 100 80 Q50 90 30 70 Z', P.metal) +
      path('M76 8 Q96 -12 116 8 L110 22 L82 22 Z', P.black) +
      path('M88 -4 L104 -4 L100 -100 L92 -100 Z', P.metal) +
      hexagon(96, -108, 16, P.steel) +
      circle(96, -108, 5, P.dark),
    focus: [96, -40],
  },
  'wheel-hubs-bearings': {
    draw: (a) =>
      ring(3, 118, (x, y) => circle(x, y, 26, P.steel) + circle(x, y, 9, P.light), -1.57) +
      circle(0, 0, 118, P.steel) +
      circle(0, 0, 100, P.metal) +
      ring(5, 68, (x, y) => circle(x, y, 14, P.light) + circle(x, y, 7, P.dark), -1.57) +
      circle(0, 0, 44, P.steel) +
      circle(0, 0, 26, a) +
      circle(0, 0, 10, P.light),
    focus: [0, -60],
  },
  'wheel-spacers': {
    draw: () =>
      circle(0, 0, 128, P.metal) +
      circle(0, 0, 108, 'none') +
      ring(5, 78, (x, y) => circle(x, y, 11, P.dark), -1.57) +
      ring(5, 78, (x, y) => circle(x, y, 15, P.steel) + circle(x, y, 6, P.light), -0.94) +
      circle(0, 0, 44, P.light),
    focus: [40, -50],
  },
  'lug-nuts': {
    draw: () =>
      hexagon(-30, -20, 96, P.metal) +
      circle(-30, -20, 62, P.light) +
      circle(-30, -20, 42, P.dark) +
      circle(-30, -20, 30, P.black) +
      path('M70 130 L70 90 L84 74 L136 74 L150 90 L150 130 Z', P.metal) +
      path('M70 90 L150 90', 'none') +
      path('M84 74 L92 50 L128 50 L136 74 Z', P.steel),
    focus: [-30, -20],
  },
  'tpms-sensors': {
    draw: (a) =>
      path('M-130 20 Q-130 -20 -90 -20 L40 -20 Q70 -20 70 10 L70 60 Q70 80 50 80 L-110 80 Q-130 80 -130 60 Z', P.dark) +
      rect(-100, 0, 100, 50, a, 8) +
      label(-50, 33, 18, P.white, 'TPMS') +
      path('M50 -10 L62 10 L140 -110 L126 -120 Z', P.metal) +
      hexagon(100, -60, 14, P.steel) +
      rect(120, -146, 26, 34, P.black, 6),
    focus: [-40, 30],
  },
  'wheel-covers': {
    draw: (a) =>
      circle(0, 0, 140, P.metal) +
      circle(0, 0, 124, P.steel) +
      ring(7, 84, (x, y) => circle(x, y, 24, P.dark), -1.57) +
      circle(0, 0, 56, P.metal) +
      ring(7, 84, (x, y) => stroke(`M0 0 L${x} ${y}`, P.metal, 12), -1.12) +
      circle(0, 0, 30, a),
    focus: [0, 0],
  },
  'side-mirrors': {
    draw: (a) =>
      rect(-150, -20, 44, 110, P.black, 8) +
      path(
        'M-118 -60 Q-118 -112 -60 -112 L100 -104 Q146 -100 146 -44 L140 44 Q134 84 86 84 L-74 74 Q-118 70 -118 30 Z',
        a,
      ) +
      path(
        'M-98 -52 Q-98 -92 -56 -92 L96 -86 Q126 -82 126 -42 L120 36 Q116 64 82 64 L-66 56 Q-98 52 -98 24 Z',
        P.glass,
      ) +
      stroke('M-40 -70 L60 30 M0 -76 L92 16', P.white, 6) +
      stroke('M-50 -108 Q40 -112 120 -96', P.amber, 6),
    focus: [60, -80],
  },
  'bumper-covers': {
    draw: (a) =>
      path(
        'M-150 -40 Q-150 -80 -110 -80 L110 -80 Q150 -80 150 -40 L140 40 Q134 72 98 72 L-98 72 Q-134 72 -140 40 Z',
        a,
      ) +
      rect(-44, -66, 88, 38, P.light, 4) +
      rect(-84, 4, 168, 50, P.black, 12) +
      stroke('M-76 20 L76 20 M-76 38 L76 38', P.dark, 4) +
      circle(-118, 18, 16, P.black) +
      circle(118, 18, 16, P.black) +
      stroke('M-140 -20 Q0 -36 140 -20', P.white, 3),
    focus: [100, 20],
  },
  grilles: {
    draw: (a) =>
      rect(-146, -86, 292, 172, P.metal, 34) +
      rect(-124, -66, 248, 132, P.black, 22) +
      [-44, -22, 0, 22, 44].map((y) => rect(-118, y - 5, 236, 10, P.steel, 4)).join('') +
      path('M-34 0 Q-34 -24 0 -24 Q34 -24 34 0 Q34 24 0 24 Q-34 24 -34 0 Z', a) +
      path('M-22 0 Q-22 -12 0 -12 Q22 -12 22 0 Q22 12 0 12 Q-22 12 -22 0 Z', P.metal),
    focus: [60, -30],
  },
  fenders: {
    draw: (a) =>
      path('M-150 -50 L40 -100 Q130 -108 150 -40 L150 96 L110 96 A88 88 0 0 0 -66 96 L-150 96 Z', a) +
      stroke('M-144 -20 L40 -62 Q120 -70 144 -20', P.white, 3) +
      rect(96, 8, 30, 14, P.amber, 4) +
      path('M-150 -50 L-150 96', 'none'),
    focus: [110, 20],
  },
};
