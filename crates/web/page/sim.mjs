// Move simulation for both puzzles: the page's own model of the cube, so that what
// the viewer draws after every move is computed here, independently of the server.
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

/** The cube a viewer start string describes: 729 digits or 54 facelets. */
export function cubeFromStart(puzzle, start) {
  return puzzle === 'cubular' ? new DigitCube(start) : new RubiksCube(start);
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
