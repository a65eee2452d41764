// The viewer's own move simulation (crates/web/page/sim.mjs), checked against the
// worked examples of SPEC 1.3 and, when present, the Python reference models.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DigitCube, RubiksCube, parseBlockMove, parseFaceMove, cellIndex, twizzleUrl,
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
