// Real-browser test of the viewer: Debian's chromium driven by playwright-core.
//
// Opens the page, pastes challenge-1, solves it, steps through a few animated moves,
// saves a screenshot mid-solution, plays to the end and checks (reading the page's
// own simulated state) that the cube is solved; does the same for the 3×3×3 sample,
// checks the Twizzle link and the error line for garbage. For a 4×4×4 and a 5×5×5
// chosen in the puzzle list: scramble, solve, step through animated wide and slice
// turns, play to the end and check the page says solved; a pasted 4×4×4 is detected
// and solved. Also: the method list offers
// only the pasted puzzle's methods, a failed solve (a 504) leaves the old cube marked
// stale and never "solved", and a 390-px-wide screen gets a page no wider than that.
// Fails if the page throws.
//
// The server: CUBIST_URL if set, else `cubist serve --port 0` from CUBIST_BIN (default
// target/release/cubist). Screenshots go to CUBIST_SCREENSHOTS (default tests/e2e/out).
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const data = (p) => readFileSync(join(root, 'tests', 'data', p), 'utf8');
const shots = process.env.CUBIST_SCREENSHOTS || join(here, 'out');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const LONG = 300_000; // generous waits: a slow, shared machine must not fail the test

function log(...args) { console.log('e2e:', ...args); }

/** Start `cubist serve --port 0` and resolve with its URL. */
function startServer() {
  const bin = process.env.CUBIST_BIN || join(root, 'target', 'release', 'cubist');
  const child = spawn(bin, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ok, fail) => {
    let out = '';
    child.on('error', fail);
    child.on('exit', (code) => fail(new Error(`${bin} serve exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /http:\/\/[0-9.:]+\//.exec(out);
      if (m) ok({ url: m[0], stop: () => child.kill() });
    });
  });
}

const server = process.env.CUBIST_URL
  ? { url: process.env.CUBIST_URL.replace(/\/?$/, '/'), stop() {} }
  : await startServer();
log('viewer at', server.url);

const profile = mkdtempSync(join(tmpdir(), 'cubist-e2e-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath,
  headless: true,
  viewport: { width: 1280, height: 800 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const problems = [];
let failed = false;
try {
  const page = context.pages()[0] || await context.newPage();
  page.on('pageerror', (e) => problems.push(`page threw: ${e.message}`));
  // The browser logs every 4xx answer; the API's 400s for bad cubes are expected and
  // checked through the page's error line instead.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (400|504)/.test(m.text())) problems.push(`console error: ${m.text()}`);
  });
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  // Nothing but our own server: the page must work offline.
  await page.route('**/*', (route) => (route.request().url().startsWith(server.url)
    ? route.continue() : (problems.push(`fetched from outside: ${route.request().url()}`), route.abort())));

  await page.goto(server.url);
  await page.waitForFunction(() => window.cubistReady === true);
  const state = () => page.evaluate(() => window.cubistState());
  const atRest = () => page.waitForFunction(() => !window.cubistState().animating, null, { timeout: LONG });

  const methods = () => page.$$eval('#method option', (os) => os.filter((o) => !o.disabled).map((o) => o.value));

  // ---- the digit cube: challenge-1
  const challenge = data('cubular/challenge-1.txt');
  await page.fill('#cube', challenge);
  assert.deepEqual(await methods(), ['', 'fast', 'default']);
  // The fast method: what is tested here is the viewer, and the default one spends
  // its whole time budget (the API tests cover it).
  await page.selectOption('#method', 'fast');
  await page.click('#solve');
  await page.waitForFunction(() => window.cubistState().total > 0 || document.getElementById('error').textContent,
    null, { timeout: LONG });
  assert.equal(await page.textContent('#error'), '', 'the solve reported an error');
  let s = await state();
  log(`digit cube: ${s.total} moves;`, await page.textContent('#status'));
  assert.equal(s.puzzle, 'cubular');
  assert.equal(s.position, 0);
  assert.equal(s.state, challenge.replace(/\s+/g, ''), 'the page shows the pasted cube');
  assert.equal(s.solved, false);

  // step through a few moves, animated, checking the move counter
  await page.fill('#speed', '4');
  for (let i = 1; i <= 3; i++) {
    await page.click('#step');
    await atRest();
    s = await state();
    assert.equal(s.position, i);
    assert.equal(await page.textContent('#counter'), `${i} / ${s.total}`);
  }
  // one step back (with the keyboard) and forth again
  await page.locator('#view').click();
  await page.keyboard.press('ArrowLeft');
  await atRest();
  assert.equal((await state()).position, 2);
  await page.click('#step');
  await atRest();
  // screenshot mid-turn, with the turning block highlighted; frozen before the step
  // starts, so that a slow machine cannot finish the turn first
  await page.fill('#speed', '1');
  await page.evaluate(() => window.cubistFreeze(0.4));
  await page.click('#step');
  // peel the layers above the turning block away, so the picture shows it
  const centreY = Number((await state()).move[1]);
  await page.fill('#peel', String(7 - centreY));
  assert.equal(await page.textContent('#peel-count'), String(7 - centreY));
  assert.equal((await state()).animating, true, 'a move is being animated');
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, 'viewer.png') });
  log('screenshot', join(shots, 'viewer.png'));
  await page.evaluate(() => window.cubistFreeze(null));
  await page.fill('#peel', '0');
  await atRest();
  assert.equal((await state()).position, 4);

  // scrub to the middle and back to where we were
  const total = s.total;
  await page.evaluate((v) => {
    const r = document.getElementById('scrub');
    r.value = String(v);
    r.dispatchEvent(new Event('input'));
  }, Math.floor(total / 2));
  assert.equal((await state()).position, Math.floor(total / 2));

  // play to the end at full speed: every move goes through the page's simulation
  await page.fill('#speed', '10');
  await page.click('#play');
  await page.waitForFunction(() => {
    const st = window.cubistState();
    return st.position === st.total && !st.playing && !st.animating;
  }, null, { timeout: LONG });
  s = await state();
  assert.equal(s.solved, true, `digit cube not solved at the end: ${s.wrong} cells wrong`);
  log('digit cube solved at the end of playback');

  // ---- the 3×3×3 sample, with the Twizzle link
  await page.selectOption('#method', '');
  const sample = data('rubik/singmaster-sample.txt');
  await page.fill('#cube', sample);
  assert.deepEqual(await methods(), ['', 'two-phase', 'optimal', 'thistlethwaite', 'layers']);
  await page.click('#solve');
  await page.waitForFunction(() => window.cubistState().puzzle === '333' && window.cubistState().total > 0,
    null, { timeout: LONG });
  s = await state();
  log(`3x3x3: ${s.total} moves`);
  assert.equal(s.solved, false);
  const href = await page.getAttribute('#twizzle', 'href');
  assert.match(href, /^https:\/\/alg\.cubing\.net\/\?puzzle=3x3x3&setup=[URFDLB2_-]+&alg=[URFDLB2_-]+$/);
  await page.fill('#speed', '6');
  await page.click('#step');
  await page.click('#step');
  await atRest();
  await page.screenshot({ path: join(shots, 'viewer-333.png') });
  await page.fill('#speed', '9');
  await page.click('#play');
  await page.waitForFunction(() => {
    const st = window.cubistState();
    return st.position === st.total && !st.playing && !st.animating;
  }, null, { timeout: LONG });
  s = await state();
  assert.equal(s.solved, true, `3x3x3 not solved at the end: ${s.wrong} stickers wrong`);
  log('3x3x3 solved at the end of playback');

  // ---- bigger cubes: the 4×4×4 and the 5×5×5, chosen, scrambled, solved, played back
  for (const [puzzle, n] of [['444', 4], ['555', 5]]) {
    await page.selectOption('#puzzle', puzzle);
    assert.equal(await page.textContent('#scramble-nxn'), `Scramble ${n}×${n}×${n}`);
    assert.deepEqual(await methods(), [''], 'a big cube has no methods to choose from');
    await page.click('#scramble-nxn');
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('scrambled'),
      null, { timeout: LONG });
    assert.equal(await page.textContent('#error'), '', 'the scramble reported an error');
    s = await state();
    assert.equal(s.puzzle, puzzle);
    assert.equal(s.state.length, 6 * n * n);
    assert.equal(s.solved, false);
    const scrambled = s.state;
    assert.equal((await page.inputValue('#cube')).trim(), scrambled, 'the box holds the scrambled cube');
    await page.click('#solve');
    await page.waitForFunction(() => window.cubistState().total > 0 || document.getElementById('error').textContent,
      null, { timeout: LONG });
    assert.equal(await page.textContent('#error'), '', 'the solve reported an error');
    s = await state();
    log(`${puzzle}: ${s.total} moves;`, await page.textContent('#status'));
    assert.equal(s.puzzle, puzzle);
    assert.equal(s.state, scrambled, 'the page shows the scrambled cube');
    // Step (animated) through the first moves, the counter following, then on to the
    // next wide or inner-layer turn, which turns as one layer group.
    const texts = await page.$$eval('#moves span', (spans) => spans.map((x) => x.textContent));
    assert.equal(texts.length, s.total);
    const first = Math.min(4, s.total - 1);
    const block = texts.findIndex((m, i) => i >= first && /w|^[0-9]|^[MES]/.test(m));
    assert.ok(block >= 0, `${puzzle}: the solution has wide or inner-layer turns: ${texts.join(' ')}`);
    await page.fill('#speed', '7');
    for (let i = 1; i <= first; i++) {
      await page.click('#step');
      await atRest();
      assert.equal((await state()).position, i);
      assert.equal(await page.textContent('#counter'), `${i} / ${s.total}`);
    }
    await page.evaluate((to) => {
      const r = document.getElementById('scrub');
      r.value = String(to);
      r.dispatchEvent(new Event('input'));
    }, block);
    assert.equal((await state()).position, block);
    await page.fill('#speed', '1');
    await page.evaluate(() => window.cubistFreeze(0.45));
    await page.click('#step');
    s = await state();
    assert.equal(s.animating, true, 'a move is being animated');
    assert.equal(s.move, texts[block]);
    await page.screenshot({ path: join(shots, `viewer-${puzzle}.png`) });
    await page.evaluate(() => window.cubistFreeze(null));
    await atRest();
    // play to the end
    await page.fill('#speed', '9');
    await page.click('#play');
    await page.waitForFunction(() => {
      const st = window.cubistState();
      return st.position === st.total && !st.playing && !st.animating;
    }, null, { timeout: LONG });
    s = await state();
    assert.equal(s.solved, true, `${puzzle} not solved at the end: ${s.wrong} stickers wrong`);
    assert.match(await page.textContent('#hud-info'), /solved/);
    log(`${puzzle} solved at the end of playback`);
  }
  // A pasted 4×4×4 facelet string (a state nxn_ref.py made) is detected as one.
  await page.selectOption('#puzzle', 'auto');
  const pasted = JSON.parse(readFileSync(join(here, 'data', 'nxn-moves.json'), 'utf8'))
    .cases.find((c) => c.n === 4).expected;
  // as a colour net (U; L F R B side by side; D) it is told apart from a 3×3×3 too
  const face = (f, r) => pasted.slice(16 * 'URFDLB'.indexOf(f) + 4 * r, 16 * 'URFDLB'.indexOf(f) + 4 * r + 4);
  const net = [0, 1, 2, 3].map((r) => `    ${face('U', r)}`)
    .concat([0, 1, 2, 3].map((r) => ['L', 'F', 'R', 'B'].map((f) => face(f, r)).join('')))
    .concat([0, 1, 2, 3].map((r) => `    ${face('D', r)}`)).join('\n');
  await page.fill('#cube', net);
  assert.deepEqual(await methods(), [''], 'a pasted big cube net has no methods to choose from');
  await page.fill('#cube', data('rubik/singmaster-sample.txt'));
  assert.equal((await methods()).length, 5);
  await page.fill('#cube', pasted);
  assert.deepEqual(await methods(), [''], 'a pasted big cube has no methods to choose from');
  await page.click('#solve');
  await page.waitForFunction(() => window.cubistState().puzzle === '444' && window.cubistState().total > 0,
    null, { timeout: LONG });
  s = await state();
  assert.equal(s.state, pasted, 'the page shows the pasted cube');
  await page.click('#last');
  await atRest();
  assert.equal((await state()).solved, true, 'the pasted 4×4×4 is solved at the end');
  log('pasted 4x4x4 solved');

  // ---- scramble, and garbage
  // The box still holds the sample, so wait for the scramble's own status line,
  // which the page sets once the scrambled cube is shown.
  await page.click('#scramble-333');
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('scrambled'),
    null, { timeout: LONG });
  s = await state();
  assert.equal(s.puzzle, '333');
  assert.equal(s.total, 0);
  await page.fill('#cube', 'this is not a cube');
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('error').textContent.length > 0, null, { timeout: LONG });
  log('garbage answered with:', await page.textContent('#error'));
  s = await state();
  assert.ok(s.stale, 'a failed solve leaves the old cube marked stale');

  // ---- a solve that runs out of time, shown at the end of a solved playback: the
  // answer is an error, never "solved"
  await page.fill('#cube', sample);
  await page.click('#solve');
  await page.waitForFunction(() => window.cubistState().total > 0 && !window.cubistState().stale, null, { timeout: LONG });
  await page.click('#last');
  await atRest();
  assert.equal((await state()).solved, true);
  const late = 'no answer within the time budget of 10000 ms';
  await page.route('**/api/solve', (route) => route.fulfill({
    status: 504, contentType: 'application/json', body: JSON.stringify({ error: late }),
  }));
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('error').textContent.length > 0, null, { timeout: LONG });
  await page.unroute('**/api/solve');
  s = await state();
  assert.equal(await page.textContent('#error'), late);
  assert.equal(s.total, 0, 'the old solution is taken away');
  assert.ok(s.stale && !s.solved, 'a 504 is not reported as solved');
  assert.doesNotMatch(await page.textContent('#status'), /solved|moves/);
  assert.doesNotMatch(await page.textContent('#hud-info'), /solved/);

  // ---- a phone-sized screen: the page fits its width
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  log('page width at 390 px:', width);
  assert.ok(width <= 390, `the page is ${width} px wide on a 390-px screen`);
  await page.screenshot({ path: join(shots, 'viewer-390.png'), fullPage: true });

  assert.deepEqual(problems, [], 'the page had problems');
  assert.deepEqual((await state()).errors, [], 'the page recorded errors');
  log('all good');
} catch (e) {
  failed = true;
  console.error('e2e: FAILED:', e.message);
  if (problems.length) console.error('e2e: page problems:', problems);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  server.stop();
}
process.exit(failed ? 1 : 0);
