// Drawings of the parts under the hood and the lights: engine and cooling, exhaust, electrical, lighting.
import {
  PALETTE as P,
  bar,
  circle,
  ellipse,
  hexagon,
  label,
  path,
  rect,
  ring,
  stroke,
  zigzag,
  type PartDrawing,
} from './drawing-kit.ts';

const pipe = (x1: number, x2: number, y: number) => bar(x1, y, x2, y, 30, P.steel);

/** Engine and cooling, exhaust, electrical and lighting parts, by part type handle. */
export const ENGINE_DRAWINGS: Record<string, PartDrawing> = {
  radiators: {
    draw: () =>
      rect(-128, -92, 256, 184, P.dark) +
      stroke(Array.from({ length: 24 }, (_, i) => `M${-118 + i * 10} -88 L${-118 + i * 10} 88`).join(' '), P.steel, 2) +
      rect(-150, -104, 26, 208, P.black, 6) +
      rect(124, -104, 26, 208, P.black, 6) +
      circle(137, -118, 14, P.metal) +
      bar(-137, 104, -137, 136, 22, P.black) +
      bar(137, 60, 150, 60, 18, P.black),
    focus: [120, -90],
  },
  'water-pumps': {
    draw: (a) =>
      ring(3, 104, (x, y) => circle(x, y, 24, P.steel) + circle(x, y, 9, P.light), -0.5) +
      circle(0, 0, 104, P.steel) +
      rect(90, -22, 56, 44, P.steel, 6) +
      rect(136, -28, 12, 56, P.metal, 4) +
      circle(0, 0, 70, P.metal) +
      ring(4, 42, (x, y) => circle(x, y, 7, P.dark), 0.78) +
      circle(0, 0, 22, a) +
      circle(0, 0, 8, P.light),
    focus: [0, 0],
  },
  'spark-plugs': {
    draw: () =>
      rect(-12, -150, 24, 22, P.metal, 4) +
      rect(-24, -130, 48, 104, P.white, 14) +
      stroke('M-24 -112 L24 -112 M-24 -96 L24 -96 M-24 -80 L24 -80', '#b0bec5', 3) +
      path('M-44 -26 L44 -26 L44 16 L-44 16 Z', P.metal) +
      stroke('M-16 -26 L-16 16 M16 -26 L16 16', '#37474f', 3) +
      rect(-34, 16, 68, 16, P.steel, 3) +
      rect(-24, 32, 48, 82, P.steel) +
      stroke('M-24 44 L24 36 M-24 58 L24 50 M-24 72 L24 64 M-24 86 L24 78 M-24 100 L24 92', P.dark, 3) +
      rect(-5, 114, 10, 14, P.metal) +
      path('M18 114 L28 114 L28 142 L-6 142 L-6 134 L18 134 Z', P.steel),
    focus: [0, 110],
  },
  'ignition-coils': {
    draw: (a) =>
      rect(-140, -136, 56, 32, P.steel, 6) +
      circle(-118, -120, 8, P.light) +
      rect(-86, -150, 168, 70, P.black, 12) +
      rect(76, -140, 56, 42, P.dark, 6) +
      rect(-30, -80, 60, 190, P.dark, 8) +
      stroke('M-30 -40 L30 -40 M-30 0 L30 0', P.black, 3) +
      rect(-24, 110, 48, 40, a, 10),
    focus: [100, -120],
  },
  'air-filters': {
    draw: (a) =>
      rect(-146, -96, 292, 192, a, 18) +
      rect(-124, -74, 248, 148, P.cream, 6) +
      stroke(
        Array.from({ length: 20 }, (_, i) => `M${-120 + i * 12.6} -72 L${-114 + i * 12.6} 72`).join(' '),
        '#d7b98e',
        3,
      ),
    focus: [-100, -70],
  },
  'cabin-air-filters': {
    draw: (a) =>
      rect(-140, -70, 280, 140, P.light, 6) +
      stroke(
        Array.from({ length: 27 }, (_, i) => `${i ? 'L' : 'M'}${-130 + i * 10} ${i % 2 ? 64 : -64}`).join(' '),
        '#b0bec5',
        3,
      ) +
      rect(-140, -70, 280, 140, 'none', 6) +
      bar(-110, 100, -110, 60, 8, a) +
      path('M-124 62 L-96 62 L-110 40 Z', a) +
      label(10, 108, 18, a, 'AIR FLOW'),
    focus: [-100, 40],
  },
  thermostats: {
    draw: (a) =>
      stroke('M-56 -40 Q0 -132 56 -40', '#37474f', 18) +
      stroke('M-56 -40 Q0 -132 56 -40', P.steel, 10) +
      stroke(zigzag(0, -30, 70, 46, 4), '#37474f', 14) +
      stroke(zigzag(0, -30, 70, 46, 4), P.metal, 8) +
      ellipse(0, -40, 124, 36, P.metal) +
      ellipse(0, -40, 74, 20, P.dark) +
      rect(-20, 60, 40, 70, P.copper, 12) +
      label(0, 150, 18, a, '195°F'),
    focus: [0, -40],
  },
  'catalytic-converters': {
    draw: () =>
      pipe(-150, -90, 0) +
      pipe(90, 150, 0) +
      path('M-100 -30 L-70 -64 L70 -64 L100 -30 L100 30 L70 64 L-70 64 L-100 30 Z', P.metal) +
      stroke('M-40 -64 L-40 64 M0 -64 L0 64 M40 -64 L40 64', P.steel, 4) +
      rect(-146, -26, 12, 52, P.steel, 3) +
      rect(134, -26, 12, 52, P.steel, 3) +
      hexagon(-84, -60, 10, P.dark),
    focus: [-70, -40],
  },
  mufflers: {
    draw: (a) =>
      pipe(-150, -100, 40) +
      pipe(100, 140, -36) +
      rect(-116, -72, 232, 144, P.metal, 70) +
      path('M-46 -72 Q-60 0 -46 72 M46 -72 Q32 0 46 72', 'none') +
      rect(124, -58, 26, 44, a, 6) +
      ellipse(137, -36, 8, 16, P.black),
    focus: [120, -40],
  },
  'oxygen-sensors': {
    draw: () =>
      rect(-150, -16, 44, 32, P.metal, 6) +
      stroke('M-140 -16 L-140 16 M-126 -16 L-126 16 M-114 -16 L-114 16', P.dark, 3) +
      rect(-108, -22, 40, 44, P.steel) +
      stroke('M-104 22 L-96 -22 M-92 22 L-84 -22 M-80 22 L-72 -22', P.dark, 2) +
      hexagon(-40, 0, 36, P.metal) +
      rect(-8, -18, 56, 36, P.steel, 6) +
      stroke('M48 0 Q100 0 100 50 Q100 90 60 100', '#37474f', 14) +
      stroke('M48 0 Q100 0 100 50 Q100 90 60 100', P.black, 8) +
      rect(10, 80, 54, 44, P.black, 6) +
      rect(20, 90, 34, 24, P.dark, 4),
    focus: [-120, 0],
  },
  'exhaust-manifolds': {
    draw: () =>
      [-102, -34, 34, 102].map((x) => stroke(`M${x} -90 Q${x} 20 30 100`, '#37474f', 38)).join('') +
      [-102, -34, 34, 102].map((x) => stroke(`M${x} -90 Q${x} 20 30 100`, '#a1887f', 28)).join('') +
      rect(-146, -128, 292, 46, P.steel, 8) +
      [-102, -34, 34, 102].map((x) => ellipse(x, -105, 22, 14, P.black)).join('') +
      [-136, -68, 0, 68, 136].map((x) => circle(x, -105, 6, P.light)).join('') +
      ellipse(30, 112, 54, 22, P.steel) +
      ellipse(30, 112, 28, 10, P.black),
    focus: [-60, -100],
  },
  alternators: {
    draw: (a) =>
      circle(-98, -86, 22, P.steel) +
      circle(98, -86, 22, P.steel) +
      circle(-98, -86, 8, P.light) +
      circle(98, -86, 8, P.light) +
      circle(0, 0, 112, P.metal) +
      ring(10, 82, (x, y) => circle(x, y, 10, P.dark)) +
      rect(96, 20, 42, 34, P.black, 6) +
      circle(0, 0, 52, P.black) +
      circle(0, 0, 42, 'none') +
      circle(0, 0, 32, 'none') +
      hexagon(0, 0, 16, a),
    focus: [0, 0],
  },
  starters: {
    draw: (a) =>
      rect(-140, 0, 180, 104, P.dark, 22) +
      stroke('M-100 0 L-100 104 M-60 0 L-60 104', P.black, 3) +
      path('M40 10 L110 30 L110 80 L40 96 Z', P.steel) +
      ring(12, 30, (x, y) => rect(124 + x - 5, 56 + y - 5, 10, 10, P.steel), 0) +
      circle(124, 56, 28, P.metal) +
      rect(-116, -84, 150, 76, P.metal, 30) +
      circle(-132, -46, 14, a) +
      circle(-132, -46, 5, P.light),
    focus: [124, 56],
  },
  batteries: {
    draw: (a) =>
      rect(-112, -128, 40, 30, P.red, 4) +
      rect(72, -128, 40, 30, P.metal, 4) +
      rect(-140, -104, 280, 34, P.dark, 8) +
      rect(-132, -70, 264, 180, P.black, 12) +
      rect(-104, -44, 208, 124, a, 8) +
      path('M12 -30 L-30 22 L-2 22 L-16 66 L30 6 L2 6 L16 -30 Z', P.amber) +
      stroke('M-102 -87 L-82 -87 M-92 -97 L-92 -77 M82 -87 L102 -87', P.white, 5),
    focus: [-92, -100],
  },
  'window-regulators': {
    draw: (a) =>
      rect(-96, -146, 22, 292, P.steel, 6) +
      rect(74, -146, 22, 292, P.steel, 6) +
      stroke('M-85 -130 L85 130 M85 -130 L-85 130', P.black, 4) +
      rect(-112, -50, 56, 34, a, 6) +
      rect(56, -80, 56, 34, a, 6) +
      circle(-85, -134, 12, P.metal) +
      circle(85, -134, 12, P.metal) +
      circle(0, 96, 42, P.black) +
      rect(30, 80, 60, 34, P.dark, 8),
    focus: [0, 90],
  },
  headlights: {
    draw: (a) =>
      path(
        'M-150 -40 Q-140 -96 -60 -98 L116 -82 Q150 -76 150 -40 L140 44 Q130 86 80 88 L-108 72 Q-150 64 -150 20 Z',
        P.black,
      ) +
      path(
        'M-134 -36 Q-126 -80 -60 -82 L110 -68 Q134 -62 134 -36 L126 40 Q118 70 80 72 L-104 58 Q-134 52 -134 18 Z',
        P.glass,
      ) +
      circle(-58, -10, 46, P.metal) +
      circle(-58, -10, 26, '#fffde7') +
      circle(50, -6, 38, P.metal) +
      circle(50, -6, 13, P.amber) +
      rect(102, -58, 24, 40, P.amber, 6) +
      stroke('M-120 46 Q0 70 110 52', a, 6),
    focus: [-58, -10],
  },
  'tail-lights': {
    draw: () =>
      path('M-110 -130 L86 -130 Q130 -130 130 -86 L130 130 L-56 130 Q-110 130 -110 76 Z', '#c62828') +
      path('M-86 -106 L80 -106 Q106 -106 106 -80 L106 -20 L-86 -20 Z', P.red) +
      rect(-86, 0, 192, 44, P.light, 4) +
      rect(-86, 62, 192, 44, P.amber, 4) +
      stroke('M-70 -80 L90 -80 M-70 -56 L90 -56 M-70 -36 L90 -36', '#ff8a80', 4),
    focus: [0, 20],
  },
  'fog-lights': {
    draw: (a) =>
      rect(-26, 92, 52, 56, P.steel, 6) +
      circle(0, 128, 9, P.light) +
      circle(0, 0, 118, P.black) +
      circle(0, 0, 96, '#fffde7') +
      ring(12, 70, (x, y) => stroke(`M0 0 L${x} ${y}`, '#ffe082', 3)) +
      circle(0, 0, 50, P.metal) +
      circle(0, 0, 18, P.amber) +
      circle(0, 0, 106, 'none') +
      stroke('M-40 -80 Q-70 -60 -80 -30', a, 6),
    focus: [0, -60],
  },
  'light-bulbs': {
    draw: (a) =>
      ring(7, 112, (x, y) => stroke(`M${x * 0.8} ${y * 0.8 - 40} L${x} ${y - 40}`, a, 6), -2.9) +
      path('M-30 40 L-30 -86 Q0 -140 30 -86 L30 40 Z', P.glass) +
      stroke(zigzag(0, -80, 0, 8, 4), P.amber, 5) +
      rect(-78, 34, 156, 18, P.steel, 4) +
      rect(-42, 52, 84, 58, P.dark, 8) +
      rect(-26, 110, 52, 40, P.black, 6),
    focus: [0, -40],
  },
  'led-light-bars': {
    draw: (a) =>
      rect(-140, 36, 22, 60, P.steel, 4) +
      rect(118, 36, 22, 60, P.steel, 4) +
      rect(-150, -44, 300, 88, P.black, 16) +
      rect(-138, -32, 276, 64, P.glass, 8) +
      Array.from({ length: 9 }, (_, i) => circle(-120 + i * 30, 0, 11, P.white)).join('') +
      Array.from({ length: 9 }, (_, i) => circle(-120 + i * 30, 0, 5, P.amber)).join('') +
      stroke('M-150 60 L-110 60 M110 60 L150 60', a, 6),
    focus: [-90, 0],
  },
};
