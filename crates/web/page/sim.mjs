// Move simulation for every puzzle (the digit cube, the 3x3x3 and N×N×N cubes): the
// page's own model of the cube, so that what the viewer draws after every move is
// computed here, independently of the server.
//
// Coordinates everywhere: x to the right, y up, z towards the front (right-handed).

// ---------------------------------------------------------------------------------
// The 9x9x9 digit cube (SPEC 1).

/** Cells per edge of the digit cube. */
export const N = 9;

/** Index of cell (x, y, z) in text-format order: layer y, row z, column x. */
export function cellIndex(x, y, z) {
  return (y * N + z) * N + x;
}

/** The digit cell (x, y, z) holds when the cube is solved. */
export function homeDigit(x, y, z) {
  return ((x + y + z) % 9) + 1;
}

/**
 * Sign of one quarter turn's angle about the positive axis (right-hand rule), fixed by
 * the worked examples of SPEC 1.3: X turns the top towards the back (-90 degrees about
 * +x), Y turns right towards the back (+90 about +y), Z turns right towards the top
 * (+90 about +z).
 */
export const CUBULAR_TURN_SIGN = { X: -1, Y: 1, Z: 1 };

/** Parse a block move such as `426Y3`; throws on anything else. */
export function parseBlockMove(text) {
  const m = /^([1-7])([1-7])([1-7])([XYZ])([1-3])$/.exec(text.trim());
  if (!m) throw new Error(`not a block move: ${JSON.stringify(text)}`);
  return { x: +m[1], y: +m[2], z: +m[3], axis: m[4], turns: +m[5], text: m[0] };
}

/** The move that undoes `mv`. */
export function invertBlockMove(mv) {
  const turns = 4 - mv.turns;
  return { ...mv, turns, text: `${mv.x}${mv.y}${mv.z}${mv.axis}${turns}` };
}

/** Where offset (dx, dy, dz) inside a block goes after one quarter turn about `axis`. */
function quarter(axis, dx, dy, dz) {
  switch (axis) {
    case 'X': return [dx, dz, -dy];  // top -> back
    case 'Y': return [dz, dy, -dx];  // right -> back
    default: return [-dy, dx, dz];   // Z: right -> top
  }
}

/** The 27 cell indices of the block `mv` turns. */
export function blockCells(mv) {
  const cells = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dz = -1; dz <= 1; dz++)
      for (let dx = -1; dx <= 1; dx++)
        cells.push(cellIndex(mv.x + dx, mv.y + dy, mv.z + dz));
  return cells;
}

/** The digit cube: 729 digits in text-format order. */
export class DigitCube {
  /** From 729 digits (text-format order); without an argument, the solved cube. */
  constructor(digits) {
    this.cells = new Uint8Array(N * N * N);
    if (digits === undefined) {
      for (let y = 0; y < N; y++)
        for (let z = 0; z < N; z++)
          for (let x = 0; x < N; x++) this.cells[cellIndex(x, y, z)] = homeDigit(x, y, z);
    } else {
      const ds = String(digits).replace(/\s+/g, '');
      if (!/^[1-9]{729}$/.test(ds)) throw new Error('a digit cube needs 729 digits 1-9');
      for (let i = 0; i < ds.length; i++) this.cells[i] = ds.charCodeAt(i) - 48;
    }
  }

  /** Which puzzle this is, as the API names it. */
  get puzzle() { return 'cubular'; }

  /** A copy. */
  clone() {
    const c = new DigitCube();
    c.cells.set(this.cells);
    return c;
  }

  /** Parse a move of this puzzle. */
  parseMove(text) { return parseBlockMove(text); }

  /** The move undoing `mv`. */
  invert(mv) { return invertBlockMove(mv); }

  /** Turn the block of `mv` (a parsed move). */
  apply(mv) {
    const old = this.cells.slice();
    for (let t = 0; t < mv.turns; t++) {
      if (t > 0) old.set(this.cells);
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++)
          for (let dx = -1; dx <= 1; dx++) {
            const [nx, ny, nz] = quarter(mv.axis, dx, dy, dz);
            this.cells[cellIndex(mv.x + nx, mv.y + ny, mv.z + nz)] =
              old[cellIndex(mv.x + dx, mv.y + dy, mv.z + dz)];
          }
    }
  }

  /** Number of cells not holding their home digit. */
  wrong() {
    let n = 0;
    for (let y = 0; y < N; y++)
      for (let z = 0; z < N; z++)
        for (let x = 0; x < N; x++) if (this.cells[cellIndex(x, y, z)] !== homeDigit(x, y, z)) n++;
    return n;
  }

  /** Whether every cell holds its home digit. */
  isSolved() { return this.wrong() === 0; }

  /** The 729 digits as one string. */
  toString() { return Array.from(this.cells).join(''); }
}

// ---------------------------------------------------------------------------------
// The 3x3x3 Rubik's Cube (SPEC 2): a sticker model in the facelet order U R F D L B.

/** Outward normal of each face. */
export const FACE_NORMAL = {
  U: [0, 1, 0], D: [0, -1, 0], R: [1, 0, 0], L: [-1, 0, 0], F: [0, 0, 1], B: [0, 0, -1],
};

/** Face order of the facelet string. */
export const FACE_ORDER = 'URFDLB';

/**
 * Cubie position and outward normal of the sticker at row r, column c of `face`, with
 * each face seen as in the net of SPEC 2.1.
 */
function stickerPlace(face, r, c) {
  const a = r - 1, b = c - 1;
  switch (face) {
    case 'U': return [[b, 1, a], FACE_NORMAL.U];
    case 'D': return [[b, -1, -a], FACE_NORMAL.D];
    case 'F': return [[b, -a, 1], FACE_NORMAL.F];
    case 'B': return [[-b, -a, -1], FACE_NORMAL.B];
    case 'R': return [[1, -a, -b], FACE_NORMAL.R];
    default: return [[-1, -a, b], FACE_NORMAL.L];
  }
}

/** The 54 stickers in facelet order: `{face, pos, normal}`. */
export const STICKERS = [];
for (const face of FACE_ORDER)
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      const [pos, normal] = stickerPlace(face, r, c);
      STICKERS.push({ face, pos, normal });
    }

const key = (p, n) => `${p}|${n}`;
const STICKER_AT = new Map(STICKERS.map((s, i) => [key(s.pos, s.normal), i]));

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Rotate integer vector v a quarter turn clockwise as seen from the tip of n. */
function clockwise(n, v) {
  // -90 degrees about n: v' = (n.v) n - n x v
  const k = dot(n, v);
  const cx = n[1] * v[2] - n[2] * v[1];
  const cy = n[2] * v[0] - n[0] * v[2];
  const cz = n[0] * v[1] - n[1] * v[0];
  return [n[0] * k - cx, n[1] * k - cy, n[2] * k - cz];
}

/** For each face, where each sticker goes after one clockwise quarter turn. */
const TURN_PERM = {};
for (const face of FACE_ORDER) {
  const n = FACE_NORMAL[face];
  TURN_PERM[face] = STICKERS.map((s, i) =>
    dot(s.pos, n) === 1 ? STICKER_AT.get(key(clockwise(n, s.pos), clockwise(n, s.normal))) : i);
}

/** Parse a face turn in WCA (`R`, `U2`, `F'`) or counted (`F3`) notation. */
export function parseFaceMove(text) {
  const m = /^([URFDLB])(2'|2|'|1|3)?$/.exec(text.trim());
  if (!m) throw new Error(`not a face turn: ${JSON.stringify(text)}`);
  const turns = { undefined: 1, '1': 1, '2': 2, "2'": 2, "'": 3, '3': 3 }[m[2]];
  return { face: m[1], turns, text: wca(m[1], turns) };
}

function wca(face, turns) {
  return face + ['', '', '2', "'"][turns];
}

/** The turn undoing `mv`. */
export function invertFaceMove(mv) {
  const turns = 4 - mv.turns;
  return { face: mv.face, turns, text: wca(mv.face, turns) };
}

/** The 3x3x3 as 54 facelet letters (each names the face whose colour it shows). */
export class RubiksCube {
  /** From a 54-letter facelet string; without an argument, the solved cube. */
  constructor(facelets) {
    const s = facelets === undefined
      ? FACE_ORDER.split('').map((f) => f.repeat(9)).join('')
      : String(facelets).trim();
    if (!/^[URFDLB]{54}$/.test(s)) throw new Error('a 3x3x3 needs 54 facelet letters URFDLB');
    this.stickers = s.split('');
  }

  /** Which puzzle this is, as the API names it. */
  get puzzle() { return '333'; }

  /** A copy. */
  clone() { return new RubiksCube(this.toString()); }

  /** Parse a move of this puzzle. */
  parseMove(text) { return parseFaceMove(text); }

  /** The move undoing `mv`. */
  invert(mv) { return invertFaceMove(mv); }

  /** Turn a face (a parsed move). */
  apply(mv) {
    const perm = TURN_PERM[mv.face];
    for (let t = 0; t < mv.turns; t++) {
      const old = this.stickers.slice();
      perm.forEach((to, from) => { this.stickers[to] = old[from]; });
    }
  }

  /** Stickers differing from their face's centre. */
  wrong() {
    let n = 0;
    for (let f = 0; f < 6; f++)
      for (let i = 0; i < 9; i++) if (this.stickers[f * 9 + i] !== this.stickers[f * 9 + 4]) n++;
    return n;
  }

  /** Whether every face shows one colour. */
  isSolved() { return this.wrong() === 0; }

  /** The facelet string. */
  toString() { return this.stickers.join(''); }
}

// ---------------------------------------------------------------------------------
// N×N×N cubes other than the 3x3x3 (SPEC 2.8): the same sticker model, in doubled
// coordinates so that every cubie sits at integers: each coordinate is one of
// -(N-1), -(N-3), ..., N-1, and layer k of a face (1 the outer one) holds the cubies
// whose coordinate along the face's normal is N + 1 - 2k.

/** Smallest and largest N the page models (as the server does). */
export const MIN_N = 2;
export const MAX_N = 64;

/** Doubled cubie position and outward normal of the sticker at row r, column c. */
function bigStickerPlace(n, face, r, c) {
  const m = n - 1, a = 2 * r - m, b = 2 * c - m;
  switch (face) {
    case 'U': return [[b, m, a], FACE_NORMAL.U];
    case 'D': return [[b, -m, -a], FACE_NORMAL.D];
    case 'F': return [[b, -a, m], FACE_NORMAL.F];
    case 'B': return [[-b, -a, -m], FACE_NORMAL.B];
    case 'R': return [[m, -a, -b], FACE_NORMAL.R];
    default: return [[-m, -a, b], FACE_NORMAL.L];
  }
}

/** Stickers of each size (in facelet order, `{face, pos, normal}`), made on first use. */
const BIG_GEOMETRY = new Map();

/** The stickers of an N×N×N and a lookup from (position, normal) to index. */
export function bigGeometry(n) {
  let g = BIG_GEOMETRY.get(n);
  if (!g) {
    const stickers = [];
    for (const face of FACE_ORDER)
      for (let r = 0; r < n; r++)
        for (let c = 0; c < n; c++) {
          const [pos, normal] = bigStickerPlace(n, face, r, c);
          stickers.push({ face, pos, normal });
        }
    const at = new Map(stickers.map((s, i) => [key(s.pos, s.normal), i]));
    g = { n, stickers, at, turns: new Map() };
    BIG_GEOMETRY.set(n, g);
  }
  return g;
}

/** Where each sticker goes after one clockwise quarter turn of layer `k` of `face`. */
function layerPerm(g, face, k) {
  const id = face + k;
  let perm = g.turns.get(id);
  if (!perm) {
    const nrm = FACE_NORMAL[face], depth = g.n + 1 - 2 * k;
    perm = g.stickers.map((s, i) => (dot(s.pos, nrm) === depth
      ? g.at.get(key(clockwise(nrm, s.pos), clockwise(nrm, s.normal))) : i));
    g.turns.set(id, perm);
  }
  return perm;
}

/** The name the API gives an N×N×N: `444` up to 9 layers, `12x12x12` beyond. */
export function bigName(n) {
  return n < 10 ? String(n).repeat(3) : `${n}x${n}x${n}`;
}

/** The size an API puzzle name stands for (`444` -> 4, `12x12x12` -> 12), or null. */
export function sizeOfName(name) {
  const m = /^(?:([2-9])\1\1|(\d+)x\2x\2)$/.exec(String(name));
  if (!m) return null;
  const n = Number(m[1] || m[2]);
  return n >= MIN_N && n <= MAX_N && n !== 3 ? n : null;
}

const BIG_MOVE = /^(?:(\d+)(?:-(\d+))?)?([URFDLBurfdlbMESxyz])(w?)(2'|2|'|)$/;

/**
 * Parse one move of an N×N×N in WCA/SiGN notation (SPEC 2.8): `R`, `Rw` / `r` (outer
 * two layers), `3Rw` / `3r` (outer three), `2R` (second layer alone), `2-3Rw`
 * (layers 2 to 3), `M E S` (middle layer of an odd cube, as L D F), `x y z` (the whole
 * cube, as R U F); suffix none, `'`, `2` or `2'`. Gives `{face, lo, hi, turns, text}`:
 * `turns` clockwise quarter turns seen from `face` of its layers `lo..hi`. Throws,
 * naming the move, on anything else or on a layer the cube does not have.
 */
export function parseBigMove(n, text) {
  const token = String(text).trim();
  const m = BIG_MOVE.exec(token);
  if (!m) throw new Error(`not a move: ${JSON.stringify(token)}`);
  const [, a, b, letter, w, suffix] = m;
  const turns = { '': 1, "'": 3, '2': 2, "2'": 2 }[suffix];
  let face, lo, hi;
  if ('xyz'.includes(letter)) {
    if (a !== undefined || w) throw new Error(`not a move: ${JSON.stringify(token)}`);
    face = { x: 'R', y: 'U', z: 'F' }[letter];
    lo = 1; hi = n;
  } else if ('MES'.includes(letter)) {
    if (a !== undefined || w) throw new Error(`not a move: ${JSON.stringify(token)}`);
    if (n % 2 === 0) throw new Error(`move ${token} turns the middle layer, which a ${n}×${n}×${n} does not have`);
    face = { M: 'L', E: 'D', S: 'F' }[letter];
    lo = hi = (n + 1) / 2;
  } else {
    const lower = letter !== letter.toUpperCase();
    if (lower && w) throw new Error(`not a move: ${JSON.stringify(token)}`);
    const wide = lower || w === 'w';
    face = letter.toUpperCase();
    if (b !== undefined) { lo = Number(a); hi = Number(b); }
    else if (a !== undefined) { lo = wide ? 1 : Number(a); hi = Number(a); }
    else { lo = 1; hi = wide ? 2 : 1; }
    if (lo < 1 || hi > n || lo > hi)
      throw new Error(`move ${token} needs layers ${lo}..${hi}, but a ${n}×${n}×${n} has layers 1..${n}`);
  }
  const base = token.slice(0, token.length - suffix.length);
  return { face, lo, hi, turns, base, text: base + ['', '', '2', "'"][turns] };
}

/** The move undoing `mv`. */
export function invertBigMove(mv) {
  const turns = 4 - mv.turns;
  return { ...mv, turns, text: mv.base + ['', '', '2', "'"][turns] };
}

/** An N×N×N cube (N ≠ 3) as 6N² facelet letters, each naming the face whose colour it shows. */
export class BigCube {
  /** A cube of `n` layers from its facelet string; without one, the solved cube. */
  constructor(n, facelets) {
    if (!Number.isInteger(n) || n < MIN_N || n > MAX_N) throw new Error(`no ${n}×${n}×${n} cube`);
    this.n = n;
    const s = facelets === undefined
      ? FACE_ORDER.split('').map((f) => f.repeat(n * n)).join('')
      : String(facelets).trim();
    if (s.length !== 6 * n * n || !/^[URFDLB]+$/.test(s))
      throw new Error(`a ${n}×${n}×${n} needs ${6 * n * n} facelet letters URFDLB`);
    this.stickers = s.split('');
    this.geometry = bigGeometry(n);
  }

  /** Which puzzle this is, as the API names it. */
  get puzzle() { return bigName(this.n); }

  /** A copy. */
  clone() { return new BigCube(this.n, this.toString()); }

  /** Parse a move of this size. */
  parseMove(text) { return parseBigMove(this.n, text); }

  /** The move undoing `mv`. */
  invert(mv) { return invertBigMove(mv); }

  /** Turn the layers of `mv` (a parsed move). */
  apply(mv) {
    for (let k = mv.lo; k <= mv.hi; k++) {
      const perm = layerPerm(this.geometry, mv.face, k);
      for (let t = 0; t < mv.turns; t++) {
        const old = this.stickers.slice();
        perm.forEach((to, from) => { this.stickers[to] = old[from]; });
      }
    }
  }

  /** Stickers unlike the colour most common on their face (as the server counts). */
  wrong() {
    const k = this.n * this.n;
    let wrong = 0;
    for (let f = 0; f < 6; f++) {
      const counts = {};
      for (let i = f * k; i < (f + 1) * k; i++) counts[this.stickers[i]] = (counts[this.stickers[i]] || 0) + 1;
      wrong += k - Math.max(...Object.values(counts));
    }
    return wrong;
  }

  /** Whether every face shows one colour. */
  isSolved() { return this.wrong() === 0; }

  /** The facelet string. */
  toString() { return this.stickers.join(''); }
}

/** The cube a viewer start string describes: 729 digits, or 6N² facelets of `puzzle`. */
export function cubeFromStart(puzzle, start) {
  if (puzzle === 'cubular') return new DigitCube(start);
  if (puzzle === '333') return new RubiksCube(start);
  const n = sizeOfName(puzzle);
  if (n === null) throw new Error(`unknown puzzle ${JSON.stringify(puzzle)}`);
  return new BigCube(n, start);
}

/**
 * A link opening the scramble and solution on alg.cubing.net (Twizzle): the setup is
 * the inverse of the solution, so it rebuilds the scrambled state from solved. Moves
 * are joined with `_` and primes written `-`, as alg.cubing.net writes its URLs.
 */
export function twizzleUrl(moves) {
  const parsed = moves.map(parseFaceMove);
  const enc = (ms) => encodeURIComponent(ms.map((m) => m.text).join(' '))
    .replace(/%20/g, '_').replace(/'/g, '-');
  const setup = parsed.slice().reverse().map(invertFaceMove);
  return `https://alg.cubing.net/?puzzle=3x3x3&setup=${enc(setup)}&alg=${enc(parsed)}`;
}
