// The viewer: WebGL2 drawing of every puzzle, mouse orbit, the solve/scramble calls
// and the playback of a solution, one animated block, face, wide or slice turn at a
// time.
import { DigitCube, RubiksCube, BigCube, N, cellIndex, blockCells, CUBULAR_TURN_SIGN,
  FACE_NORMAL, STICKERS, cubeFromStart, twizzleUrl, sizeOfName } from './sim.js';

// ---------------------------------------------------------------------------------
// Errors: collected for the browser test and shown to the user.

const pageErrors = [];
window.addEventListener('error', (e) => pageErrors.push(String(e.message || e)));
window.addEventListener('unhandledrejection', (e) => pageErrors.push(String(e.reason)));

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------
// Colours.

/** Digit colours 1..9: a hue wheel, so the solved cube shows diagonal rainbow bands. */
const DIGIT_COLOURS = ['#e6194b', '#f58231', '#ffe119', '#9bd94a', '#2fae4e', '#36c6e0',
  '#4363d8', '#8f3fd1', '#f032e6'];
/** Standard sticker colours, by the face whose colour a facelet letter names. */
const FACE_COLOURS = { U: '#f4f4f4', R: '#c8102e', F: '#009b48', D: '#ffd500', L: '#ff6a13', B: '#0046ad' };
const BODY = [0.07, 0.07, 0.08];

function rgb(hex) {
  const v = parseInt(hex.slice(1), 16);
  return [((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255];
}
const DIGIT_RGB = DIGIT_COLOURS.map(rgb);
const FACE_RGB = Object.fromEntries(Object.entries(FACE_COLOURS).map(([k, v]) => [k, rgb(v)]));

// ---------------------------------------------------------------------------------
// Small matrix helpers (column-major 4x4, as WebGL wants).

function perspective(fovy, aspect, near, far) {
  const f = 1 / Math.tan(fovy / 2), nf = 1 / (near - far);
  return [f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) * nf, -1, 0, 0, 2 * far * near * nf, 0];
}

function multiply(a, b) {
  const o = new Array(16).fill(0);
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++)
      for (let k = 0; k < 4; k++) o[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
  return o;
}

/** 3x3 rotation (rows) by `angle` about a unit axis vector. */
function rotation(axis, angle) {
  const [x, y, z] = axis, c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
  return [
    [t * x * x + c, t * x * y - s * z, t * x * z + s * y],
    [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
    [t * x * z - s * y, t * y * z + s * x, t * z * z + c],
  ];
}

const IDENTITY3 = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
const apply3 = (m, v) => [0, 1, 2].map((r) => m[r][0] * v[0] + m[r][1] * v[1] + m[r][2] * v[2]);

/** The camera's view matrix from yaw, pitch and distance. */
function viewMatrix(yaw, pitch, dist) {
  const cy = Math.cos(yaw), sy = Math.sin(yaw), cp = Math.cos(pitch), sp = Math.sin(pitch);
  const ry = [cy, 0, -sy, 0, 0, 1, 0, 0, sy, 0, cy, 0, 0, 0, 0, 1];
  const rx = [1, 0, 0, 0, 0, cp, sp, 0, 0, -sp, cp, 0, 0, 0, 0, 1];
  const t = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -dist, 1];
  return multiply(t, multiply(rx, ry));
}

// ---------------------------------------------------------------------------------
// WebGL: instanced boxes (each with its own transform and colour) and line boxes.

const BOX_VS = `#version 300 es
layout(location=0) in vec3 a_pos;
layout(location=1) in vec3 a_normal;
layout(location=2) in vec4 i_m0;
layout(location=3) in vec4 i_m1;
layout(location=4) in vec4 i_m2;
layout(location=5) in vec4 i_m3;
layout(location=6) in vec4 i_color;
uniform mat4 u_viewProj;
out vec3 v_normal;
out vec3 v_local;
out vec4 v_color;
void main() {
  mat4 m = mat4(i_m0, i_m1, i_m2, i_m3);
  gl_Position = u_viewProj * m * vec4(a_pos, 1.0);
  v_normal = mat3(m) * a_normal;
  v_local = a_pos;
  v_color = i_color;
}`;

const BOX_FS = `#version 300 es
precision mediump float;
in vec3 v_normal;
in vec3 v_local;
in vec4 v_color;
out vec4 outColor;
void main() {
  vec3 n = normalize(v_normal);
  float light = 0.42 + 0.48 * max(dot(n, normalize(vec3(0.4, 0.8, 0.6))), 0.0)
                     + 0.18 * max(dot(n, normalize(vec3(-0.6, -0.2, 0.5))), 0.0);
  vec3 a = abs(v_local);
  // distance to the nearest edge of the face being drawn: darken a thin rim
  float big = max(a.x, max(a.y, a.z));
  float mid = a.x + a.y + a.z - big - min(a.x, min(a.y, a.z));
  float rim = smoothstep(0.40, 0.48, mid);
  vec3 c = v_color.rgb * light;
  c = mix(c, vec3(1.0, 0.95, 0.7), v_color.a);   // highlight
  c *= 1.0 - 0.45 * rim;
  outColor = vec4(c, 1.0);
}`;

const LINE_VS = `#version 300 es
layout(location=0) in vec3 a_pos;
uniform mat4 u_viewProj;
void main() { gl_Position = u_viewProj * vec4(a_pos, 1.0); }`;

const LINE_FS = `#version 300 es
precision mediump float;
uniform vec4 u_color;
out vec4 outColor;
void main() { outColor = u_color; }`;

function compile(gl, vs, fs) {
  const prog = gl.createProgram();
  for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]]) {
    const sh = gl.createShader(type);
    gl.shaderSource(sh, src);
    gl.compileShader(sh);
    if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(sh));
    gl.attachShader(prog, sh);
  }
  gl.linkProgram(prog);
  if (!gl.getProgramParameter(prog, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(prog));
  return prog;
}

/** Unit cube centred on the origin: 36 vertices, position and normal interleaved. */
function unitCube() {
  const v = [];
  const faces = [
    [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
    [[0, 1, 0], [0, 0, 1], [1, 0, 0]], [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
    [[0, 0, 1], [1, 0, 0], [0, 1, 0]], [[0, 0, -1], [0, 1, 0], [1, 0, 0]],
  ];
  for (const [n, u, w] of faces) {
    const corner = (a, b) => [0, 1, 2].map((i) => 0.5 * n[i] + a * 0.5 * u[i] + b * 0.5 * w[i]);
    for (const [a, b] of [[-1, -1], [1, -1], [1, 1], [-1, -1], [1, 1], [-1, 1]]) v.push(...corner(a, b), ...n);
  }
  return new Float32Array(v);
}

class Renderer {
  constructor(canvas) {
    const gl = canvas.getContext('webgl2', { antialias: true, preserveDrawingBuffer: true });
    if (!gl) throw new Error('this browser has no WebGL2');
    this.gl = gl;
    this.canvas = canvas;
    this.boxProg = compile(gl, BOX_VS, BOX_FS);
    this.lineProg = compile(gl, LINE_VS, LINE_FS);
    this.uBoxVP = gl.getUniformLocation(this.boxProg, 'u_viewProj');
    this.uLineVP = gl.getUniformLocation(this.lineProg, 'u_viewProj');
    this.uLineColor = gl.getUniformLocation(this.lineProg, 'u_color');

    this.boxVao = gl.createVertexArray();
    gl.bindVertexArray(this.boxVao);
    const geo = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, geo);
    gl.bufferData(gl.ARRAY_BUFFER, unitCube(), gl.STATIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 3, gl.FLOAT, false, 24, 0);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 3, gl.FLOAT, false, 24, 12);
    this.instBuf = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instBuf);
    for (let i = 0; i < 5; i++) {
      gl.enableVertexAttribArray(2 + i);
      gl.vertexAttribPointer(2 + i, 4, gl.FLOAT, false, 80, i * 16);
      gl.vertexAttribDivisor(2 + i, 1);
    }
    this.lineVao = gl.createVertexArray();
    gl.bindVertexArray(this.lineVao);
    this.lineBuf = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.lineBuf);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 3, gl.FLOAT, false, 0, 0);
    gl.bindVertexArray(null);
    this.data = new Float32Array(20 * 1024);
  }

  /** Resize the drawing buffer to the canvas's size on screen. */
  fit() {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(this.canvas.clientWidth * dpr));
    const h = Math.max(1, Math.round(this.canvas.clientHeight * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    return w / h;
  }

  /**
   * Draw `boxes` (each `{rot, pivot, pos, scale, color, glow}`) and the outline of
   * `outline` (a box `{rot, pivot, centre, half}`) with view-projection `vp`.
   */
  draw(vp, boxes, outline) {
    const gl = this.gl;
    gl.viewport(0, 0, this.canvas.width, this.canvas.height);
    gl.clearColor(0.082, 0.094, 0.114, 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.enable(gl.DEPTH_TEST);
    gl.enable(gl.CULL_FACE);
    if (this.data.length < boxes.length * 20) this.data = new Float32Array(boxes.length * 20);
    const d = this.data;
    boxes.forEach((b, i) => {
      const r = b.rot || IDENTITY3;
      const o = i * 20;
      for (let c = 0; c < 3; c++)
        for (let row = 0; row < 3; row++) d[o + c * 4 + row] = r[row][c] * b.scale[c];
      d[o + 3] = d[o + 7] = d[o + 11] = 0;
      const p = b.pivot ? apply3(r, b.pos.map((v, k) => v - b.pivot[k])).map((v, k) => v + b.pivot[k]) : b.pos;
      d[o + 12] = p[0]; d[o + 13] = p[1]; d[o + 14] = p[2]; d[o + 15] = 1;
      d[o + 16] = b.color[0]; d[o + 17] = b.color[1]; d[o + 18] = b.color[2]; d[o + 19] = b.glow || 0;
    });
    gl.useProgram(this.boxProg);
    gl.uniformMatrix4fv(this.uBoxVP, false, vp);
    gl.bindVertexArray(this.boxVao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instBuf);
    gl.bufferData(gl.ARRAY_BUFFER, d.subarray(0, boxes.length * 20), gl.DYNAMIC_DRAW);
    gl.drawArraysInstanced(gl.TRIANGLES, 0, 36, boxes.length);

    if (outline) {
      const r = outline.rot || IDENTITY3;
      const corners = [];
      for (let k = 0; k < 8; k++) {
        const local = [0, 1, 2].map((a) => outline.centre[a] + ((k >> a) & 1 ? 1 : -1) * outline.half[a]);
        const rel = local.map((v, a) => v - outline.pivot[a]);
        corners.push(apply3(r, rel).map((v, a) => v + outline.pivot[a]));
      }
      const edges = [];
      for (let k = 0; k < 8; k++)
        for (let a = 0; a < 3; a++) if (!((k >> a) & 1)) edges.push(...corners[k], ...corners[k | (1 << a)]);
      gl.useProgram(this.lineProg);
      gl.uniformMatrix4fv(this.uLineVP, false, vp);
      gl.bindVertexArray(this.lineVao);
      gl.bindBuffer(gl.ARRAY_BUFFER, this.lineBuf);
      gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(edges), gl.DYNAMIC_DRAW);
      gl.disable(gl.DEPTH_TEST);
      gl.uniform4f(this.uLineColor, 1.0, 0.85, 0.2, 1.0);
      gl.drawArrays(gl.LINES, 0, edges.length / 3);
      gl.enable(gl.DEPTH_TEST);
    }
    gl.bindVertexArray(null);
  }
}

// ---------------------------------------------------------------------------------
// Scenes: what to draw for a cube, given the move being animated (if any).

const AXIS_VECTOR = { X: [1, 0, 0], Y: [0, 1, 0], Z: [0, 0, 1] };

/** Angle of the visible turn for `turns` quarter turns of sign `sign` (3 = one back). */
function turnAngle(sign, turns) {
  return sign * (turns === 3 ? -1 : turns) * Math.PI / 2;
}

/** Where the turning part is, its rotation axis and full angle. */
function motionOf(cube, mv) {
  if (cube instanceof DigitCube) {
    const c = [mv.x - 4, mv.y - 4, mv.z - 4];
    return {
      cells: new Set(blockCells(mv)), axis: AXIS_VECTOR[mv.axis], pivot: c,
      angle: turnAngle(CUBULAR_TURN_SIGN[mv.axis], mv.turns),
      box: { centre: c, half: [1.5, 1.5, 1.5] },
    };
  }
  const n = FACE_NORMAL[mv.face];
  if (cube instanceof BigCube) {
    // Layers lo..hi of the face: doubled cubie coordinates along its normal from
    // N + 1 - 2hi to N + 1 - 2lo; drawn at half those, one unit a cubie.
    const size = cube.n, from = size + 1 - 2 * mv.hi, to = size + 1 - 2 * mv.lo;
    const centre = (from + to) / 4, half = (mv.hi - mv.lo + 1) / 2 + 0.02;
    return {
      turning: (p) => { const d = dot2(p, n); return d >= from && d <= to; },
      axis: n, pivot: [0, 0, 0], angle: turnAngle(-1, mv.turns),
      box: { centre: n.map((v) => v * centre), half: n.map((v) => (v ? half : size / 2 + 0.02)) },
    };
  }
  return {
    normal: n, axis: n, pivot: [0, 0, 0], angle: turnAngle(-1, mv.turns),
    box: { centre: n, half: n.map((v) => (v ? 0.52 : 1.52)) },
  };
}

const dot2 = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

function digitCubeBoxes(cube, motion, t, peel) {
  const boxes = [];
  const rot = motion ? rotation(motion.axis, motion.angle * t) : null;
  const limit = N - 1 - peel.count;
  for (let y = 0; y < N; y++)
    for (let z = 0; z < N; z++)
      for (let x = 0; x < N; x++) {
        if ({ x, y, z }[peel.axis] > limit) continue;
        const i = cellIndex(x, y, z);
        const moving = motion && motion.cells.has(i);
        const col = DIGIT_RGB[cube.cells[i] - 1];
        boxes.push({
          pos: [x - 4, y - 4, z - 4], scale: [0.82, 0.82, 0.82],
          color: motion && !moving && motion.active ? col.map((v) => v * 0.7) : col,
          glow: moving ? (motion.active ? 0.22 : 0.12) : 0,
          rot: moving && motion.active ? rot : null, pivot: moving ? motion.pivot : null,
        });
      }
  return boxes;
}

const CUBIES = [];
for (let x = -1; x <= 1; x++)
  for (let y = -1; y <= 1; y++)
    for (let z = -1; z <= 1; z++) if (x || y || z) CUBIES.push([x, y, z]);

function rubikBoxes(cube, motion, t) {
  const rot = motion && motion.active ? rotation(motion.axis, motion.angle * t) : null;
  const inLayer = (p) => motion && p[0] * motion.normal[0] + p[1] * motion.normal[1] + p[2] * motion.normal[2] === 1;
  const boxes = CUBIES.map((p) => ({
    pos: p, scale: [0.97, 0.97, 0.97], color: BODY, rot: inLayer(p) ? rot : null, pivot: [0, 0, 0],
  }));
  STICKERS.forEach((s, i) => {
    const moving = inLayer(s.pos);
    boxes.push({
      pos: s.pos.map((v, k) => v + 0.49 * s.normal[k]),
      scale: s.normal.map((v) => (v ? 0.04 : 0.86)),
      color: FACE_RGB[cube.stickers[i]], glow: moving ? (motion.active ? 0.15 : 0.08) : 0,
      rot: moving ? rot : null, pivot: [0, 0, 0],
    });
  });
  return boxes;
}

/** Doubled positions of the cubies drawn for an N×N×N: all of them up to 10 layers (an
 * inner layer turning shows the inside), only the outer shell beyond. */
const BIG_CUBIES = new Map();
function bigCubies(n) {
  let list = BIG_CUBIES.get(n);
  if (!list) {
    list = [];
    const m = n - 1;
    for (let x = -m; x <= m; x += 2)
      for (let y = -m; y <= m; y += 2)
        for (let z = -m; z <= m; z += 2)
          if (n <= 10 || Math.max(Math.abs(x), Math.abs(y), Math.abs(z)) === m) list.push([x, y, z]);
    BIG_CUBIES.set(n, list);
  }
  return list;
}

function bigBoxes(cube, motion, t) {
  const rot = motion && motion.active ? rotation(motion.axis, motion.angle * t) : null;
  const turning = (p) => motion !== null && motion.turning(p);
  const boxes = bigCubies(cube.n).map((p) => ({
    pos: p.map((v) => v / 2), scale: [0.97, 0.97, 0.97], color: BODY,
    rot: turning(p) ? rot : null, pivot: [0, 0, 0],
  }));
  cube.geometry.stickers.forEach((s, i) => {
    const moving = turning(s.pos);
    boxes.push({
      pos: s.pos.map((v, k) => v / 2 + 0.49 * s.normal[k]),
      scale: s.normal.map((v) => (v ? 0.04 : 0.86)),
      color: FACE_RGB[cube.stickers[i]], glow: moving ? (motion.active ? 0.15 : 0.08) : 0,
      rot: moving ? rot : null, pivot: [0, 0, 0],
    });
  });
  return boxes;
}

/** How far the camera stands from a cube of this kind. */
function distanceFor(cube) {
  if (cube instanceof DigitCube) return 26;
  if (cube instanceof BigCube) return 3.5 * cube.n;
  return 10.5;
}

/** A puzzle's name for people: `digit cube`, `3×3×3`, `5×5×5`. */
function puzzleName(puzzle) {
  if (puzzle === 'cubular') return 'digit cube';
  const n = puzzle === '333' ? 3 : sizeOfName(puzzle);
  return n === null ? puzzle : `${n}×${n}×${n}`;
}

// ---------------------------------------------------------------------------------
// Playback: the cube at `position`, the solution, and the move being animated.

/** Milliseconds per move for speed 1..9; speed 10 skips animation. */
const MOVE_MS = [0, 1400, 1000, 700, 480, 330, 220, 140, 80, 40];

const view = {
  cube: new DigitCube(),
  start: new DigitCube(),
  moves: [],        // parsed moves of the solution
  position: 0,      // moves applied so far
  playing: false,
  anim: null,       // {mv, motion, t0, ms, forward}
  yaw: -0.6, pitch: 0.5, dist: 26,
  peel: { count: 0, axis: 'y' },
  freeze: null,     // hold the turn being animated at this fraction (for screenshots)
  stale: null,      // why what is drawn is not the answer (solving, or an error), or null
};

/**
 * Mark what is drawn as not the answer (`why`: "solving…", an error), or as the answer
 * again (`null`). A stale cube is dimmed, its solution taken away, and never called
 * solved.
 */
function markStale(why) {
  view.stale = why;
  $('stage').classList.toggle('stale', why !== null);
  if (why !== null) setCube(view.cube, []);
  else refreshControls();
}

function setCube(cube, moveTexts) {
  view.start = cube.clone();
  view.cube = cube;
  view.moves = moveTexts.map((m) => cube.parseMove(m));
  view.position = 0;
  view.playing = false;
  view.anim = null;
  view.dist = distanceFor(cube);
  $('peel-box').classList.toggle('hidden', !(cube instanceof DigitCube));
  const list = $('moves');
  list.textContent = '';
  const frag = document.createDocumentFragment();
  view.moves.forEach((m, i) => {
    const s = document.createElement('span');
    s.textContent = m.text;
    s.dataset.i = i;
    frag.append(s, ' ');
  });
  list.append(frag);
  const tw = $('twizzle');
  if (cube instanceof RubiksCube && moveTexts.length) {
    tw.href = twizzleUrl(moveTexts);
    tw.classList.remove('hidden');
  } else tw.classList.add('hidden');
  $('scrub').max = String(view.moves.length);
  refreshControls();
}

/** Jump to `pos` by replaying the solution from the start (no animation). */
function seek(pos) {
  view.anim = null;
  const cube = view.start.clone();
  for (let i = 0; i < pos; i++) cube.apply(view.moves[i]);
  view.cube = cube;
  view.position = pos;
  refreshControls();
}

function speed() { return +$('speed').value; }

function startMove(forward) {
  const mv = forward ? view.moves[view.position] : view.cube.invert(view.moves[view.position - 1]);
  const ms = MOVE_MS[speed()] || 0;
  if (!ms) {
    view.cube.apply(mv);
    view.position += forward ? 1 : -1;
    return;
  }
  view.anim = { mv, motion: { ...motionOf(view.cube, mv), active: true }, t0: performance.now(), ms, forward };
}

function finishMove() {
  const a = view.anim;
  view.anim = null;
  view.cube.apply(a.mv);
  view.position += a.forward ? 1 : -1;
}

function step(forward) {
  if (view.anim) finishMove();
  if (forward ? view.position < view.moves.length : view.position > 0) startMove(forward);
  refreshControls();
}

function tick(now) {
  if (view.anim && view.freeze === null && now - view.anim.t0 >= view.anim.ms) {
    finishMove();
    refreshControls();
  }
  if (view.playing && !view.anim) {
    if (view.position >= view.moves.length) view.playing = false;
    else if (speed() === 10) {
      // fastest: several moves per frame, each applied through the simulation
      const batch = Math.max(1, Math.ceil(view.moves.length / 240));
      for (let i = 0; i < batch && view.position < view.moves.length; i++) startMove(true);
    } else startMove(true);
    refreshControls();
  }
}

let lastCounter = '';
function refreshControls() {
  const total = view.moves.length, pos = view.position;
  const counter = `${pos} / ${total}`;
  $('counter').textContent = counter;
  $('scrub').value = String(pos);
  $('play').textContent = view.playing ? '▮▮' : '▶';
  for (const id of ['first', 'back']) $(id).disabled = pos === 0;
  for (const id of ['step', 'last', 'play']) $(id).disabled = pos >= total && !view.playing;
  const current = view.anim ? view.anim.mv.text : (pos < total ? view.moves[pos].text : '');
  $('hud-move').textContent = total ? `${view.anim ? 'turning' : 'next'} ${current || '—'}` : '';
  if (!total) $('hud-move').textContent = '';
  const solved = view.cube.isSolved();
  $('hud-info').textContent = view.stale !== null ? view.stale
    : `move ${pos} of ${total}` + (solved ? ' · solved' : ` · ${view.cube.wrong()} ${view.cube instanceof DigitCube ? 'cells' : 'stickers'} out of place`);
  if (counter !== lastCounter) {
    lastCounter = counter;
    const list = $('moves');
    list.querySelector('.now')?.classList.remove('now');
    const spans = list.children;
    for (let i = 0; i < spans.length; i++) spans[i].classList.toggle('done', i < pos);
    const now = spans[pos];
    if (now) {
      now.classList.add('now');
      if (now.offsetTop < list.scrollTop || now.offsetTop > list.scrollTop + list.clientHeight - 20)
        list.scrollTop = now.offsetTop - list.clientHeight / 2;
    }
  }
}

// ---------------------------------------------------------------------------------
// Talking to the server.

async function call(path, body) {
  const res = await fetch(path, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

/** The buttons that send a request, disabled while one is answered. */
const BUSY_BUTTONS = ['solve', 'scramble-cubular', 'scramble-333', 'scramble-nxn'];
let busy = false;
async function withBusy(what, fn) {
  if (busy) return;
  busy = true;
  $('error').textContent = '';
  $('status').textContent = what;
  for (const id of BUSY_BUTTONS) $(id).disabled = true;
  try {
    await fn();
  } catch (e) {
    $('error').textContent = e.message;
    $('status').textContent = '';
  } finally {
    busy = false;
    for (const id of BUSY_BUTTONS) $(id).disabled = false;
  }
}

async function solve() {
  await withBusy('solving…', async () => {
    // The old cube and solution are not this request's answer: dim them until it comes.
    markStale('solving…');
    const body = { cube: $('cube').value, puzzle: $('puzzle').value };
    if ($('method').value) body.method = $('method').value;
    try {
      const a = await call('/api/solve', body);
      view.stale = null;
      setCube(cubeFromStart(a.puzzle, a.start), a.moves);
      markStale(null);
      $('status').textContent = `${puzzleName(a.puzzle)}: ${a.length} moves, found in ${a.millis} ms`;
    } catch (e) {
      markStale('no solution: see the error');
      throw e;
    }
  });
}

/**
 * The puzzle the server will take the box's text for: the choice if one is made, else
 * (as the server decides) a digit cube for 100 digits or more, a bigger cube (`big`)
 * for a first line of 6·N² letters, a net of 3·N rows or JSON arrays of N×N faces
 * (N ≠ 3), a 3×3×3 otherwise; null for an empty box.
 */
function chosenPuzzle() {
  const choice = $('puzzle').value;
  if (choice !== 'auto') return choice;
  const text = $('cube').value;
  if (!text.trim()) return null;
  if ((text.match(/[0-9]/g) || []).length >= 100) return 'cubular';
  const big = (n) => Number.isInteger(n) && n >= 2 && n !== 3;
  const lines = text.split('\n').map((l) => l.replace(/\s+/g, '')).filter((l) => l);
  if (lines[0].startsWith('[')) {
    try {
      const faces = JSON.parse(text);
      return Array.isArray(faces) && Array.isArray(faces[0]) && big(faces[0].length) ? 'big' : '333';
    } catch { return '333'; }
  }
  const first = lines[0];
  if (/^[A-Za-z]+$/.test(first) && big(Math.sqrt(first.length / 6))) return 'big';
  const rows = lines.length / 3;
  return lines.length > 1 && big(rows) && first.length === rows && lines[rows].length === 4 * rows ? 'big' : '333';
}

/** Offer only the methods of the puzzle in the box (both lists while it is empty). */
function offerMethods() {
  const puzzle = chosenPuzzle();
  const select = $('method');
  for (const group of select.querySelectorAll('optgroup')) {
    const shown = puzzle === null || group.dataset.puzzle === puzzle;
    group.hidden = !shown;
    for (const o of group.querySelectorAll('option')) o.disabled = !shown;
  }
  if (select.selectedOptions[0]?.disabled) select.value = '';
}

async function scramble(puzzle) {
  await withBusy('scrambling…', async () => {
    const a = await call('/api/scramble', { puzzle });
    $('cube').value = a.cube;
    // A big cube keeps its size chosen (the scramble button names it); the others are
    // detected as before.
    $('puzzle').value = sizeOfName(a.puzzle) === null ? 'auto' : a.puzzle;
    offerMethods();
    view.stale = null;
    setCube(cubeFromStart(a.puzzle, a.start), []);
    markStale(null);
    $('status').textContent = `scrambled ${puzzleName(a.puzzle)}: press Solve`;
  });
}

/** The big cube the N×N×N scramble button makes: the one chosen, else the 4×4×4. */
function bigChoice() {
  const choice = $('puzzle').value;
  return sizeOfName(choice) === null ? '444' : choice;
}

/** Name the big cube the scramble button makes. */
function labelBigScramble() {
  $('scramble-nxn').textContent = `Scramble ${puzzleName(bigChoice())}`;
}

// ---------------------------------------------------------------------------------
// Wiring.

function setup() {
  const canvas = $('view');
  const renderer = new Renderer(canvas);

  let drag = null;
  canvas.addEventListener('pointerdown', (e) => { drag = { x: e.clientX, y: e.clientY }; canvas.setPointerCapture(e.pointerId); });
  canvas.addEventListener('pointermove', (e) => {
    if (!drag) return;
    view.yaw += (e.clientX - drag.x) * 0.008;
    view.pitch = Math.max(-1.5, Math.min(1.5, view.pitch + (e.clientY - drag.y) * 0.008));
    drag = { x: e.clientX, y: e.clientY };
  });
  canvas.addEventListener('pointerup', () => { drag = null; });
  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    view.dist = Math.max(4, Math.min(Math.max(60, 3 * distanceFor(view.cube)), view.dist * Math.exp(e.deltaY * 0.001)));
  }, { passive: false });

  $('solve').addEventListener('click', solve);
  $('cube').addEventListener('input', offerMethods);
  $('puzzle').addEventListener('change', () => { offerMethods(); labelBigScramble(); });
  labelBigScramble();
  offerMethods();
  $('scramble-cubular').addEventListener('click', () => scramble('cubular'));
  $('scramble-333').addEventListener('click', () => scramble('333'));
  $('scramble-nxn').addEventListener('click', () => scramble(bigChoice()));
  $('play').addEventListener('click', () => {
    if (view.position >= view.moves.length) return;
    view.playing = !view.playing;
    refreshControls();
  });
  $('step').addEventListener('click', () => { view.playing = false; step(true); });
  $('back').addEventListener('click', () => { view.playing = false; step(false); });
  $('first').addEventListener('click', () => { view.playing = false; seek(0); });
  $('last').addEventListener('click', () => { view.playing = false; seek(view.moves.length); });
  $('scrub').addEventListener('input', () => { view.playing = false; seek(+$('scrub').value); });
  $('moves').addEventListener('click', (e) => {
    if (e.target.dataset.i !== undefined) { view.playing = false; seek(+e.target.dataset.i); }
  });
  // Keys: space plays or pauses, arrows step, Home/End jump (not while typing).
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('textarea, select, input')) return;
    const keys = { ' ': 'play', ArrowRight: 'step', ArrowLeft: 'back', Home: 'first', End: 'last' };
    if (keys[e.key]) {
      e.preventDefault();
      $(keys[e.key]).click();
    }
  });
  const peel = () => {
    view.peel = { count: +$('peel').value, axis: $('peel-axis').value };
    $('peel-count').textContent = String(view.peel.count);
  };
  $('peel').addEventListener('input', peel);
  $('peel-axis').addEventListener('change', peel);
  $('legend').append(...DIGIT_COLOURS.map((c, i) => {
    const s = document.createElement('span');
    s.style.background = c;
    s.textContent = String(i + 1);
    return s;
  }));

  function frame(now) {
    tick(now);
    const aspect = renderer.fit();
    const vp = multiply(perspective(0.75, aspect, 0.1, 200), viewMatrix(view.yaw, view.pitch, view.dist));
    const a = view.anim;
    let motion = null, t = 0;
    if (a) {
      motion = a.motion;
      const u = view.freeze ?? Math.min(1, (now - a.t0) / a.ms);
      t = u < 0.5 ? 2 * u * u : 1 - 2 * (1 - u) * (1 - u);
    } else if (view.position < view.moves.length) {
      motion = { ...motionOf(view.cube, view.moves[view.position]), active: false };
    }
    let boxes;
    if (view.cube instanceof DigitCube) boxes = digitCubeBoxes(view.cube, motion, t, view.peel);
    else if (view.cube instanceof BigCube) boxes = bigBoxes(view.cube, motion, t);
    else boxes = rubikBoxes(view.cube, motion, t);
    const outline = motion && { ...motion.box, rot: motion.active ? rotation(motion.axis, motion.angle * t) : null, pivot: motion.pivot };
    renderer.draw(vp, boxes, outline);
    requestAnimationFrame(frame);
  }
  setCube(new DigitCube(), []);
  requestAnimationFrame(frame);
}

/** The viewer's state, for tests and the curious: read with `cubistState()`. */
window.cubistState = () => ({
  puzzle: view.cube.puzzle,
  position: view.position,
  total: view.moves.length,
  playing: view.playing,
  animating: view.anim !== null,
  move: view.anim ? view.anim.mv.text : (view.moves[view.position]?.text ?? null),
  solved: view.stale === null && view.cube.isSolved(),
  stale: view.stale,
  wrong: view.cube.wrong(),
  state: view.cube.toString(),
  errors: pageErrors.slice(),
});

/**
 * Hold the turn being animated at `fraction` (0..1) of the way, or let it go on with
 * `null`: for screenshots of a turn in progress.
 */
window.cubistFreeze = (fraction) => {
  if (fraction === null && view.anim && view.freeze !== null)
    view.anim.t0 = performance.now() - view.freeze * view.anim.ms;
  view.freeze = fraction === null ? null : Math.max(0, Math.min(1, Number(fraction)));
};

try {
  setup();
  window.cubistReady = true;
} catch (e) {
  pageErrors.push(String(e.message || e));
  $('error').textContent = `cannot draw: ${e.message}`;
  throw e;
}
