// What a page load costs a bare Chromium driven over CDP, with no Agora in the loop: the
// baseline docs/PERFORMANCE.md sets Agora's figures against.
//
//   agora sites --data-dir data &     # the pages to load
//   BIN=/usr/lib/chromium/chromium-headless-shell node --experimental-websocket scripts/bare_chromium.mjs
//
// BIN: the Chromium executable (default: the desktop one). URLS: pages, space-separated
// (default: classifieds home and a search, shopping home, forum home). N: operations per
// figure (30). Prints, per operation, the wall time, the CPU of the whole machine (from
// /proc/stat: the sites' server included) and the CPU of each kind of Chromium process.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = process.env.BIN || '/usr/lib/chromium/chromium';
const URLS = (process.env.URLS || 'http://127.0.0.2:9980/ http://127.0.0.2:9980/index.php?page=search&sPattern=bike http://127.0.0.3:7770/ http://127.0.0.4:9999/').split(' ');
const N = Number(process.env.N || 30);
const PORT = 9333;

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-chromium-'));
const flags = ['--headless=new', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-extensions',
  '--disable-features=Translate,MediaRouter,OptimizationHints,HttpsUpgrades', '--force-device-scale-factor=1',
  '--hide-scrollbars', '--mute-audio', '--disable-breakpad', '--disable-frame-rate-limit',
  '--disable-smooth-scrolling', '--disable-gpu-vsync', '--no-sandbox', `--remote-debugging-port=${PORT}`,
  `--user-data-dir=${profile}`, '--window-size=1280,2048', 'about:blank'];
const browser = spawn(BIN, flags, { stdio: 'ignore' });

let version;
for (let tries = 0; !version && tries < 100; tries++) {
  version = await fetch(`http://127.0.0.1:${PORT}/json/version`).then((reply) => reply.json()).catch(() => null);
  if (!version) await new Promise((done) => setTimeout(done, 100));
}
if (!version) throw new Error(`${BIN} did not open its DevTools port`);
const socket = new WebSocket(version.webSocketDebuggerUrl);
await new Promise((done) => { socket.onopen = done; });
let nextId = 0;
const replies = new Map();
const waiters = [];
socket.onmessage = (message) => {
  const data = JSON.parse(message.data);
  if (data.id && replies.has(data.id)) {
    replies.get(data.id)(data);
    replies.delete(data.id);
  } else if (data.method) {
    for (const waiter of [...waiters]) {
      if (waiter.matches(data)) { waiter.done(data); waiters.splice(waiters.indexOf(waiter), 1); }
    }
  }
};
const call = (method, params = {}, sessionId) => new Promise((done) => {
  const id = ++nextId;
  replies.set(id, done);
  socket.send(JSON.stringify({ id, method, params, sessionId }));
});
const event = (matches) => new Promise((done) => waiters.push({ matches, done }));

/** CPU seconds × 100 of each kind of process of this browser (by `--type=`). */
function chromiumCpu() {
  const kinds = {};
  const pids = execFileSync('pgrep', ['-f', `^${BIN}`]).toString().trim().split('\n');
  for (const pid of pids) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1');
      const kind = (cmdline.match(/--type=([a-z-]+)/) || [, 'browser'])[1];
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      kinds[kind] = (kinds[kind] || 0) + Number(fields[11]) + Number(fields[12]);
    } catch { /* ended meanwhile */ }
  }
  return kinds;
}
/** Busy CPU × 100 of the whole machine. */
function machineCpu() {
  const fields = fs.readFileSync('/proc/stat', 'latin1').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7];
}

let tab = (await call('Target.getTargets')).result.targetInfos.find((target) => target.type === 'page').targetId;
let session;
async function attach() {
  session = (await call('Target.attachToTarget', { targetId: tab, flatten: true })).result.sessionId;
  await call('Page.enable', {}, session);
}
async function navigate(url) {
  const loaded = event((data) => data.method === 'Page.loadEventFired' && data.sessionId === session);
  await call('Page.navigate', { url }, session);
  await loaded;
}
async function measure(name, operation) {
  const [machine, kinds, started] = [machineCpu(), chromiumCpu(), Date.now()];
  for (let i = 0; i < N; i++) await operation(i);
  const [machineAfter, kindsAfter] = [machineCpu(), chromiumCpu()];
  const perKind = Object.fromEntries(Object.keys(kindsAfter)
    .map((kind) => [kind, Math.round((kindsAfter[kind] - (kinds[kind] || 0)) * 10 / N)]));
  console.log(`${name}: wall ${Math.round((Date.now() - started) / N)} ms, machine CPU ${Math.round((machineAfter - machine) * 10 / N)} ms,`,
    `Chromium CPU ms by process ${JSON.stringify(perKind)} (processes that ended are not counted)`);
}

await attach();
await navigate(URLS[0]);
await measure('same-tab navigation', (i) => navigate(URLS[i % URLS.length]));
await measure('new tab, old one closed, navigation', async (i) => {
  const fresh = (await call('Target.createTarget', { url: 'about:blank' })).result.targetId;
  await call('Target.closeTarget', { targetId: tab });
  tab = fresh;
  await attach();
  await navigate(URLS[i % URLS.length]);
});
browser.kill();
fs.rmSync(profile, { recursive: true, force: true });
process.exit(0);
