// The viewer's own move simulation (crates/web/page/sim.mjs), checked against the
// worked examples of SPEC 1.3, states the N×N×N reference model made once (stored in
// data/nxn-moves.json) and, when present, the Python reference models themselves.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DigitCube, RubiksCube, BigCube, parseBlockMove, parseFaceMove, parseBigMove, cellIndex,
  twizzleUrl, cubeFromStart, sizeOfName,
} from '../../crates/web/page/sim.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ*';

/** The block at centre (1,1,1) labelled with letters, turned by `move`, as 3 squares. */
function turnLabelledBlock(move) {
  const cube = new DigitCube();
  for (let y = 0; y < 3; y++)
    for (let z = 0; z < 3; z++)
      for (let x = 0; x < 3; x++) cube.cells[cellIndex(x, y, z)] = 100 + y * 9 + z * 3 + x;
  cube.apply(parseBlockMove(move));
  const squares = [];
  for (let y = 0; y < 3; y++) {
    const rows = [];
    for (let z = 0; z < 3; z++) {
      let row = '';
      for (let x = 0; x < 3; x++) row += LETTERS[cube.cells[cellIndex(x, y, z)] - 100];
      rows.push(row);
    }
    squares.push(rows.join('/'));
  }
  return squares.join('  ');
}

test('block turns follow the worked examples', () => {
  assert.equal(turnLabelledBlock('111X1'), 'STU/JKL/ABC  VWX/MNO/DEF  YZ*/PQR/GHI');
  assert.equal(turnLabelledBlock('111Y1'), 'CFI/BEH/ADG  LOR/KNQ/JMP  UX*/TWZ/SVY');
  assert.equal(turnLabelledBlock('111Z1'), 'SJA/VMD/YPG  TKB/WNE/ZQH  ULC/XOF/*RI');
});

test('four quarter turns of a block and R U R\' U\' six times are the identity', () => {
  const c = new DigitCube();
  for (let i = 0; i < 4; i++) c.apply(parseBlockMove('426Y1'));
  assert.ok(c.isSolved());
  c.apply(parseBlockMove('426Y3'));
  assert.equal(c.wrong() > 0, true);
  const r = new RubiksCube();
  for (let i = 0; i < 6; i++) for (const m of ['R', 'U', "R'", "U'"]) r.apply(parseFaceMove(m));
  assert.ok(r.isSolved());
  r.apply(parseFaceMove('F2'));
  assert.equal(r.wrong(), 12);
});

test('twizzle link encodes setup as the inverse solution', () => {
  assert.equal(twizzleUrl(["R", "U2", "F'"]),
    "https://alg.cubing.net/?puzzle=3x3x3&setup=F_U2_R-&alg=R_U2_F-");
});

const oracles = process.env.CUBIST_ORACLE_DIR || join(here, '..', '..', '..', 'shared', 'tools');
const haveOracles = existsSync(join(oracles, 'cubular_ref.py'));
// Skip the oracle checks without the reference models, unless they are required.
const noOracle = !haveOracles && process.env.CUBIST_REQUIRE_ORACLE !== '1' && 'no reference models';

/** A repeatable stream of pseudo-random integers. */
function rng(seed) {
  let s = seed >>> 0;
  return (n) => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s % n; };
}

test('digit cube agrees with cubular_ref.py', { skip: noOracle }, () => {
  const r = rng(7);
  const moves = [];
  for (let i = 0; i < 200; i++)
    moves.push(`${1 + r(7)}${1 + r(7)}${1 + r(7)}${'XYZ'[r(3)]}${1 + r(3)}`);
  const c = new DigitCube();
  for (const m of moves) c.apply(parseBlockMove(m));
  const dir = mkdtempSync(join(tmpdir(), 'cubist-sim-'));
  let out;
  try {
    writeFileSync(join(dir, 'moves.txt'), moves.join('\n') + '\n');
    out = execFileSync('python3', [join(oracles, 'cubular_ref.py'), 'apply', 'target', join(dir, 'moves.txt')]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(out.toString().replace(/\s+/g, ''), c.toString());
});

test('3x3x3 agrees with rubik_ref.py', { skip: noOracle }, () => {
  const r = rng(11);
  const moves = [];
  for (let i = 0; i < 60; i++) moves.push('URFDLB'[r(6)] + ['', '2', "'"][r(3)]);
  const c = new RubiksCube();
  for (const m of moves) c.apply(parseFaceMove(m));
  const script = `
import sys; sys.path.insert(0, ${JSON.stringify(oracles)})
import rubik_ref as R
print(''.join(R.apply(R.solved(), R.parse_moves(${JSON.stringify(moves.join(' '))}))))`;
  const out = execFileSync('python3', ['-c', script]).toString().trim();
  assert.equal(out, c.toString());
});

// ---- N×N×N cubes

test('big-cube moves parse as SPEC 2.8 writes them', () => {
  const layers = (n, m) => { const p = parseBigMove(n, m); return [p.face, p.lo, p.hi, p.turns]; };
  assert.deepEqual(layers(4, 'R'), ['R', 1, 1, 1]);
  assert.deepEqual(layers(4, "Rw'"), ['R', 1, 2, 3]);
  assert.deepEqual(layers(4, 'r2'), ['R', 1, 2, 2]);
  assert.deepEqual(layers(5, '3Rw'), ['R', 1, 3, 1]);
  assert.deepEqual(layers(5, "3l2'"), ['L', 1, 3, 2]);
  assert.deepEqual(layers(5, '2R'), ['R', 2, 2, 1]);
  assert.deepEqual(layers(6, '2-3Uw'), ['U', 2, 3, 1]);
  assert.deepEqual(layers(5, "M'"), ['L', 3, 3, 3]);
  assert.deepEqual(layers(7, 'E'), ['D', 4, 4, 1]);
  assert.deepEqual(layers(7, 'S2'), ['F', 4, 4, 2]);
  assert.deepEqual(layers(4, "y'"), ['U', 1, 4, 3]);
  assert.equal(parseBigMove(5, "3Rw").text, '3Rw');
  assert.equal(new BigCube(5).invert(parseBigMove(5, '2-3Fw')).text, "2-3Fw'");
  for (const [n, bad] of [[4, 'M'], [4, '5R'], [4, '2-5Rw'], [5, 'Q'], [5, 'rw'], [5, '2x'], [5, '3-2R']])
    assert.throws(() => parseBigMove(n, bad), /move|not a move/, `${n}: ${bad}`);
  assert.throws(() => parseBigMove(4, 'M'), /middle layer/);
  assert.throws(() => parseBigMove(4, '5R'), /layers 1\.\.4/);
});

test('big cubes are named as the API names them', () => {
  assert.equal(sizeOfName('444'), 4);
  assert.equal(sizeOfName('222'), 2);
  assert.equal(sizeOfName('12x12x12'), 12);
  assert.equal(sizeOfName('333'), null);
  assert.equal(sizeOfName('cubular'), null);
  assert.equal(sizeOfName('456'), null);
  assert.equal(cubeFromStart('555', new BigCube(5).toString()).puzzle, '555');
  assert.ok(cubeFromStart('777', new BigCube(7).toString()).isSolved());
  assert.throws(() => cubeFromStart('444', 'U'.repeat(54)), /96 facelet letters/);
});

test('a turn and its inverse cancel, and wrong stickers are counted as the server does', () => {
  for (const n of [2, 4, 5, 6, 7]) {
    const c = new BigCube(n);
    const moves = ['R', 'Rw', `${Math.max(1, n - 1)}Uw2`, 'F', 'x'];
    if (n > 2) moves.push('2R', '2-2Bw');
    for (const m of moves) c.apply(c.parseMove(m));
    assert.ok(!c.isSolved(), `${n}: scrambled`);
    for (const m of moves.slice().reverse()) c.apply(c.invert(c.parseMove(m)));
    assert.ok(c.isSolved(), `${n}: back to solved`);
  }
  const four = new BigCube(4);
  four.apply(four.parseMove('R'));
  assert.equal(four.wrong(), 16); // as cubist-nxn's wrong_stickers for R on a 4×4×4
  const even = new BigCube(4);
  even.apply(even.parseMove('x'));
  even.apply(even.parseMove('y'));
  assert.ok(even.isSolved(), 'a turned whole cube is solved');
});

test('4×4×4 and 5×5×5 moves match states made by nxn_ref.py', () => {
  const { cases } = JSON.parse(readFileSync(join(here, 'data', 'nxn-moves.json'), 'utf8'));
  assert.ok(cases.some((c) => c.n === 4) && cases.some((c) => c.n === 5));
  for (const { n, moves, expected } of cases) {
    const c = new BigCube(n);
    for (const m of moves.split(' ')) c.apply(c.parseMove(m));
    assert.equal(c.toString(), expected, `${n}×${n}×${n}: ${moves}`);
  }
});

test('N×N×N agrees with nxn_ref.py on random moves', { skip: noOracle }, () => {
  const r = rng(23);
  for (const n of [2, 4, 5, 6, 7]) {
    const moves = [];
    for (let i = 0; i < 40; i++) {
      const face = 'URFDLB'[r(6)], suffix = ['', '2', "'"][r(3)];
      const lo = 1 + r(n), hi = lo + r(n - lo + 1);
      const kind = r(4);
      if (kind === 0) moves.push(face + suffix);
      else if (kind === 1) moves.push(`${hi}${face}w${suffix}`);
      else if (kind === 2) moves.push(`${lo}${face}${suffix}`);
      else moves.push(`${lo}-${hi}${face}w${suffix}`);
    }
    const c = new BigCube(n);
    for (const m of moves) c.apply(c.parseMove(m));
    const solved = new BigCube(n).toString();
    const out = execFileSync('python3', [join(oracles, 'nxn_ref.py'), 'apply', String(n), solved, moves.join(' ')]);
    assert.equal(out.toString().trim(), c.toString(), `${n}: ${moves.join(' ')}`);
  }
});
