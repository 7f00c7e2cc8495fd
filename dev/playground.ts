// `npm run playground`: the built sidebar beside a live view of the local sheet, on 127.0.0.1,
// with the local runtime and the emulator behind a google.script.run bridge, so anyone can click
// through the add-on in a browser without a Google account.
//   --port N (default 8790)   --time-scale N (the emulator's clock; default 10)
import { exitQuietlyOn, explainListenError, flags, port, positiveNumber } from './args';
import { readBody } from './http-body';
import { PRODUCT_NAME } from '../src/contract/product';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { spawnEmulator, type EmulatorProcess } from './emulator/process';
import { display } from './gas-runtime/spreadsheet';
import { seededAgents } from './emulator/scans';
import { GasRuntime } from './gas-runtime/runtime';
import { CARD_CSS } from './cardHtml';
import { cardRoute, hoverScript } from './playgroundCards';
import { studioRoute } from './playgroundStudio';

/** The sheet the playground's form writes its responses to, as Google Forms names it. */
export const FORM_SHEET = 'Form Responses 1';

export interface Playground {
  url: string;
  rt: GasRuntime;
  emu: EmulatorProcess;
  /**
   * Time passes at once for the service and the add-on (scans finish, triggers fire), so a test
   * waits for what it needs, never for the wall clock to get there.
   */
  elapse(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Stands in for google.script.run inside the sidebar page: each call is a POST to /rpc. As
 * Google's, at most 10 calls run at once; an 11th waits for a free place
 * (https://developers.google.com/apps-script/guides/html/communication; docs/platform-limits.md, E6).
 */
const BRIDGE = `<script>
(function () {
  var running = 0, waiting = [];
  window.__rpcMostAtOnce = 0;
  function start(job) {
    running++;
    window.__rpcMostAtOnce = Math.max(window.__rpcMostAtOnce, running);
    job().finally(function () { running--; var next = waiting.shift(); if (next) start(next); });
  }
  function enqueue(job) { if (running < 10) start(job); else waiting.push(job); }
  function runner(ok, fail) {
    var target = {
      withSuccessHandler: function (f) { return runner(f, fail); },
      withFailureHandler: function (f) { return runner(ok, f); },
    };
    return new Proxy(target, {
      get: function (t, name) {
        if (name in t) return t[name];
        return function () {
          var args = Array.prototype.slice.call(arguments);
          enqueue(function () {
            return fetch('/rpc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fn: name, args: args }) })
              .then(function (r) { return r.json(); })
              .then(function (r) { if (r.ok) { ok && ok(r.value); } else { fail && fail(new Error(r.error)); } });
          });
        };
      },
    });
  }
  window.google = { script: { run: runner(null, null) } };
})();
</script>`;

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>${PRODUCT_NAME}: playground</title>
<style>body{margin:0;font:13px Arial,sans-serif;display:flex;height:100vh}#sheet{flex:1;overflow:auto;padding:8px}
iframe{width:320px;border:0;border-left:1px solid #dadce0;height:100%}table{border-collapse:collapse}
td,th{border:1px solid #e0e0e0;padding:2px 6px;white-space:nowrap;max-width:260px;overflow:hidden;text-overflow:ellipsis}
th{background:#f8f9fa;position:sticky;top:0}th.edge{color:#5f6368;font-weight:normal;min-width:24px;user-select:none}#sheet-tabs button[aria-pressed=true]{font-weight:bold;background:#e8f0fe}#menu-items button{display:block;margin:2px 0}#why{color:#c5221f}.listing .playground-only{display:none}.sel{background:#e8f0fe}td:focus{outline:2px solid #1a73e8;white-space:normal}${CARD_CSS}</style></head><body>
<div id="sheet"><details id="menu" class="playground-only"><summary>Extensions → ${PRODUCT_NAME}</summary><div id="menu-items"></div></details>
<details id="form" class="playground-only"><summary>Submit a form response (to "Form Responses 1")</summary>
<label>Name <input id="form-name" value="Jo"></label> <label>Website <input id="form-site" value="nike.com"></label>
<label>E-mail <input id="form-email" value="jo@lead.example"></label> <label><input id="form-consent" type="checkbox" checked> may e-mail</label>
<button id="form-submit">Submit</button></details>
<p class="playground-only"><a href="/docs" target="_blank">Open a Doc</a>: type @ there for "Create visibility preview"; hover a report or brand link, there or in a cell, for its card. <a href="/studio" target="_blank">Workspace Studio</a>: the guide's two agents on the add-on's steps.</p>
<p class="playground-only">Selection: <input id="a1" value="B1:B56" size="10" aria-label="Range to select"> <button id="select">Select</button>
<span id="stats"></span> <span id="select-error" role="alert"></span></p><p id="ui-message" role="status"></p><p id="grid-help" class="playground-only">Click a cell to select it and type in it, as in Sheets: a website, a number, or a formula like =VIS_SCORE(B2:B20). Enter saves, Escape cancels. Drag or shift-click to select a range; pasted lines fill the rows below. Brand agents to try in the Scan monitor's "Brand agent ID" column: ${seededAgents()}.</p>
<table id="grid" aria-describedby="grid-help"></table><p id="why" role="status"></p><nav id="sheet-tabs" aria-label="Sheets"></nav><div id="charts"></div></div><iframe id="sidebar" src="/sidebar" title="Sidebar"></iframe>
<dialog id="dialog"><iframe id="dialog-frame" title="Dialog" style="width:560px;height:440px;border:0"></iframe><form method="dialog"><button>Close</button></form></dialog>
<script>
function text(v){return document.createTextNode(v)}
// Every cell is editable; one blank row and column past the data let a list grow. The grid is not
// redrawn while a cell is being edited, nor when nothing changed (a click never lands on a cell
// that a refresh just replaced), so a refresh never eats what is being typed.
function editing(){var a=document.activeElement;return !!(a&&a.dataset&&a.dataset.row)}
function letter(n){var s='';for(;n>0;n=Math.floor((n-1)/26))s=String.fromCharCode(65+(n-1)%26)+s;return s}
function a1(r){return letter(r.col)+r.row+(r.rows>1||r.cols>1?':'+letter(r.col+r.cols-1)+(r.row+r.rows-1):'')}
var last='',shownSel=null;
var seenSel='';
function draw(s){var json=JSON.stringify(s);if(editing()||json===last)return;last=json;shownSel=s.selected;
var t=document.getElementById('grid');t.replaceChildren();
var width=Math.max.apply(null,s.rows.map(function(r){return r.length}).concat([1]))+1;
// Column letters above, row numbers beside, as Sheets shows them.
var head=document.createElement('tr');head.appendChild(document.createElement('td'));
for(var k=1;k<=width;k++){var h=document.createElement('th');h.scope='col';h.className='edge';h.appendChild(text(letter(k)));head.appendChild(h)}
t.appendChild(head);
s.rows.concat([[]]).forEach(function(r,i){var tr=document.createElement('tr');
var num=document.createElement('th');num.scope='row';num.className='edge';num.appendChild(text(String(i+1)));tr.appendChild(num);
for(var j=0;j<width;j++){var c=document.createElement(i?'td':'th');var v=r[j]===undefined?'':r[j];c.appendChild(text(v));
c.contentEditable='true';c.dataset.row=i+1;c.dataset.col=j+1;c.dataset.source=(s.formulas[i]&&s.formulas[i][j])||v;
var why=s.errors[i]&&s.errors[i][j];if(why){c.title=why;c.dataset.why=why}
var q=s.selected;if(q&&j+1>=q.col&&j+1<q.col+q.cols&&i+1>=q.row&&i+1<q.row+q.rows)c.classList.add('sel');tr.appendChild(c)}
t.appendChild(tr)});
// What the add-on selected (Show them, a row to go to) comes into view, as Sheets scrolls to it.
var picked=t.querySelector('.sel');if(picked&&JSON.stringify(s.selected)!==seenSel){picked.scrollIntoView({block:'nearest',inline:'nearest'})}seenSel=JSON.stringify(s.selected);
var box=document.getElementById('a1');if(s.selected&&document.activeElement!==box)box.value=a1(s.selected);
document.getElementById('stats').textContent=' '+s.requests+' requests today (the sidebar counts the same); the service clock runs ×'+s.timeScale;drawCharts(s.charts||[]);drawTabs(s.sheets,s.active);drawMenu(s.menu);}
// The sheet tabs, as at the bottom of Sheets: a click makes that sheet the active one.
function drawTabs(names,active){var nav=document.getElementById('sheet-tabs');nav.replaceChildren();names.forEach(function(n){
var b=document.createElement('button');b.appendChild(text(n));b.setAttribute('aria-pressed',String(n===active));
b.onclick=function(){post('/api/activate',{name:n}).then(refresh)};nav.appendChild(b)})}
// The add-on's menu, every item the Extensions menu has; what an item shows comes back here.
function drawMenu(items){var box=document.getElementById('menu-items');if(box.childElementCount===items.length)return;box.replaceChildren();
items.forEach(function(it){var b=document.createElement('button');b.appendChild(text(it.caption));b.onclick=function(){
post('/api/menu',{fn:it.fn}).then(function(r){return r.json()}).then(shown)};box.appendChild(b)})}
function shown(r){document.getElementById('ui-message').textContent=r.alert||r.error||'';
if(r.sidebar)document.getElementById('sidebar').src='/sidebar-shown';
if(r.dialog){document.getElementById('dialog-frame').srcdoc=r.dialog;document.getElementById('dialog').showModal()}refresh()}
function post(url,body){return fetch(url,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)})}
var grid=document.getElementById('grid');
grid.addEventListener('focusin',function(e){var c=e.target;if(!c.dataset.row)return;c.textContent=c.dataset.source;
document.getElementById('why').textContent=c.dataset.why?'Why this cell shows an error: '+c.dataset.why:''});
grid.addEventListener('focusout',function(e){var c=e.target;if(!c.dataset.row)return;var typed=c.textContent;
if(typed===c.dataset.source||c.dataset.cancel){refresh();return}
fetch('/api/edit',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({row:+c.dataset.row,col:+c.dataset.col,text:typed})}).then(refresh)});
grid.addEventListener('keydown',function(e){var c=e.target;if(!c.dataset.row)return;
if(e.key==='Enter'){e.preventDefault();c.blur()}if(e.key==='Escape'){c.dataset.cancel='1';c.blur()}});
// Selecting as in Sheets: a click selects its cell (and edits it), a drag or a shift-click a range.
var anchor=null,dragging=false;
function cellAt(e){var c=e.target&&e.target.closest&&e.target.closest('[data-row]');return c&&grid.contains(c)?c:null}
function spot(c){return {row:+c.dataset.row,col:+c.dataset.col}}
function span(a,b){return {row:Math.min(a.row,b.row),col:Math.min(a.col,b.col),rows:Math.abs(a.row-b.row)+1,cols:Math.abs(a.col-b.col)+1}}
function mark(r){grid.querySelectorAll('[data-row]').forEach(function(c){var p=spot(c);
c.classList.toggle('sel',p.row>=r.row&&p.row<r.row+r.rows&&p.col>=r.col&&p.col<r.col+r.cols)})}
function choose(r){mark(r);document.getElementById('a1').value=a1(r);
return fetch('/api/select',{method:'POST',body:a1(r)}).then(function(){last=''})}
grid.addEventListener('mousedown',function(e){var c=cellAt(e);if(!c)return;
if(e.shiftKey&&anchor){e.preventDefault();choose(span(anchor,spot(c)));return}
anchor=spot(c);dragging=true});
grid.addEventListener('mouseover',function(e){var c=cellAt(e);if(!dragging||!c)return;var p=spot(c);
if(p.row===anchor.row&&p.col===anchor.col)return;
var a=document.activeElement;if(a&&a.dataset&&a.dataset.row){a.dataset.cancel='1';a.blur()}
e.preventDefault();mark(span(anchor,p))});
document.addEventListener('mouseup',function(e){if(!dragging)return;dragging=false;var c=cellAt(e);
choose(span(anchor,c?spot(c):anchor))});
// Lines pasted into a cell fill the rows below it, tabs the columns beside it, as in Sheets.
grid.addEventListener('paste',function(e){var c=cellAt(e);var t=e.clipboardData&&e.clipboardData.getData('text/plain');
if(!c||!t||!/[\\n\\t]/.test(t))return;e.preventDefault();c.dataset.cancel='1';
post('/api/paste',{row:+c.dataset.row,col:+c.dataset.col,text:t}).then(function(){c.blur();last='';refresh()})});
var COLORS=['#ea4335','#1a73e8','#34a853','#fbbc04','#9334e6','#12b5cb'];
function svg(tag,attrs){var e=document.createElementNS('http://www.w3.org/2000/svg',tag);for(var k in attrs)e.setAttribute(k,attrs[k]);return e}
function drawCharts(charts){var box=document.getElementById('charts');box.replaceChildren();charts.forEach(function(c){
var head=c.rows[0]||[],rows=c.rows.slice(1),series=head.length-1,bar=9,group=series*bar+10,w=640,h=40+rows.length*group+30;
var g=svg('svg',{width:w,height:h,role:'img','aria-label':c.title});var t=svg('text',{x:10,y:20,'font-weight':'bold'});t.appendChild(text(c.title));g.appendChild(t);
rows.forEach(function(r,i){var y=35+i*group;var l=svg('text',{x:10,y:y+group/2});l.appendChild(text(String(r[0])));g.appendChild(l);
for(var k=1;k<=series;k++){var v=Number(r[k]);if(r[k]===''||isNaN(v))continue;g.appendChild(svg('rect',{x:200,y:y+(k-1)*bar,width:Math.max(1,v*4),height:bar-1,fill:COLORS[(k-1)%COLORS.length]}))}});
head.slice(1).forEach(function(name,k){var x=10+k*105,y=h-10;g.appendChild(svg('rect',{x:x,y:y-9,width:10,height:10,fill:COLORS[k%COLORS.length]}));var n=svg('text',{x:x+14,y:y});n.appendChild(text(String(name)));g.appendChild(n)});
box.appendChild(g)})}
document.getElementById('form-submit').onclick=function(){function v(id){return document.getElementById(id).value}
post('/api/form',{Name:v('form-name'),Website:v('form-site'),Email:v('form-email'),'May we e-mail you the report?':document.getElementById('form-consent').checked?'Yes':'No'}).then(function(){last='';refresh()})};
function refresh(){return fetch('/api/sheet').then(function(r){return r.json()}).then(draw)}
document.getElementById('select').onclick=function(){fetch('/api/select',{method:'POST',body:document.getElementById('a1').value})
.then(function(r){return r.text().then(function(t){document.getElementById('select-error').textContent=r.ok?'':t})}).then(refresh)};
refresh();setInterval(refresh,2000);
</script>${hoverScript('sheets')}</body></html>`;

/**
 * `timeScale`: the service's clock (its scans finish that much sooner). `addonPace`: the add-on's
 * clock, 1 by default so that nothing it writes (Checked, the run log, today's requests) is ever
 * dated after today; the browser tests, a few minutes long, run it at the service's pace so no
 * test waits on wall time for a poll to come due.
 */
export async function startPlayground(
  options: { port?: number; timeScale?: number; csv?: string; addonPace?: number } = {},
): Promise<Playground> {
  const timeScale = options.timeScale ?? 10;
  const pace = options.addonPace ?? 1;
  const emu = await spawnEmulator(['--time-scale', String(timeScale)]);
  let lastTick = Date.now();
  const keepPace = () => {
    const now = Date.now();
    rt.clock.advance((now - lastTick) * (pace - 1));
    lastTick = now;
  };
  const rt = new GasRuntime({
    distDir: path.resolve('dist'),
    extraAllowlist: [`${emu.baseUrl}/`],
    routes: emu.routes,
  });
  const sheet = rt.spreadsheet.importCsv(
    'Prospects',
    readFileSync(options.csv ?? path.join(__dirname, 'sample', 'prospects.csv'), 'utf8'),
  );
  rt.spreadsheet.sheets = [sheet];
  sheet.activate();
  sheet.setActiveSelection(`B1:B${sheet.probe.filledRows()}`);
  rt.runFromSidebar('saveSettings', [{ baseUrl: emu.baseUrl }]);
  rt.run('onOpen', [{ authMode: 'LIMITED' }], { mode: 'simple-trigger' });
  const withBridge = (html: string) => html.replace('<head>', `<head>${BRIDGE}`);
  const sidebar = () => {
    rt.run('showSidebar');
    return withBridge(rt.ui.sidebar?.html ?? '');
  };
  /**
   * A menu item, run as Sheets runs one: what it shows comes back (an alert's words, the sidebar
   * it opened, or a dialog's page), and an exception as the message Sheets would show.
   */
  const runMenuItem = (body: string) => {
    const { fn } = JSON.parse(body) as { fn: string };
    if (!rt.ui.menus[0]?.items.some((item) => item.fn === fn))
      return { error: `"${fn}" is not an item of the add-on's menu` };
    const [alerts, toasts, before] = [
      rt.ui.alerts.length,
      rt.spreadsheet.toasts.length,
      rt.ui.sidebar,
    ];
    try {
      rt.run(fn, [], { mode: 'menu' });
    } catch (error) {
      return { error: (error as Error).message };
    }
    const now = rt.ui.sidebar;
    const opened = now && now !== before ? now : null;
    return {
      // A toast shows at the bottom right in Sheets: here it reads where an alert does.
      alert:
        [
          ...rt.ui.alerts.slice(alerts),
          ...rt.spreadsheet.toasts.slice(toasts).map((t) => t.message),
        ].join(' ') || null,
      sidebar: opened?.kind === 'sidebar',
      dialog: opened?.kind === 'dialog' ? withBridge(opened.html) : null,
    };
  };
  // Time-driven triggers (the poll safety net) fire as time passes.
  let last = Date.now();
  const ticker = setInterval(() => {
    const now = Date.now();
    rt.advance(now - last);
    last = now;
  }, 1000);

  /** Time passes at once for the service and the add-on. */
  const elapse = async (ms: number) => {
    await emu.advance(ms);
    rt.advance(ms);
  };
  const server = http.createServer(async (req, res) => {
    keepPace();
    const send = (status: number, type: string, text: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(text);
    };
    try {
      if (req.url === '/') return send(200, 'text/html; charset=utf-8', PAGE);
      if (await cardRoute(rt, req, send)) return;
      if (await studioRoute(rt, elapse, req, send)) return;
      if (req.url === '/sidebar') return send(200, 'text/html; charset=utf-8', sidebar());
      if (req.url === '/api/sheet') {
        const s = rt.spreadsheet.activeSheet;
        const r = rt.spreadsheet.activeRange;
        return send(
          200,
          'application/json',
          JSON.stringify({
            rows: s.probe.rows.map((row) =>
              // As Sheets shows each cell: its number format (a date with its time) applied.
              row.map((c) =>
                c.value === '' && c.formula
                  ? c.formula
                  : display(c.value, c.format, rt.spreadsheet.timeZone),
              ),
            ),
            formulas: s.probe.rows.map((row) => row.map((c) => c.formula ?? '')),
            // Why a cell shows #ERROR! or #REF!: the reason Sheets gives on hover.
            errors: s.probe.rows.map((row, i) =>
              row.map((_, j) => rt.formulaError(s, i + 1, j + 1) ?? ''),
            ),
            sheets: rt.spreadsheet.sheets.map((x) => x.getName()),
            active: s.getName(),
            menu: rt.ui.menus[0]?.items ?? [],
            selected: r ? { row: r.row, col: r.col, rows: r.numRows, cols: r.numCols } : null,
            // Google's count of the owner's URL fetches this quota window: what the meter shows.
            requests: rt.fetchesToday(),
            timeScale,
            // Embedded charts, drawn here as Sheets would: a bar per series for each row.
            charts: s.charts.map((c) => ({
              title: String(c.options.title ?? ''),
              rows: c.ranges.flatMap((ref) =>
                rt.spreadsheet
                  .getRange(ref)
                  .getValues()
                  .map((row) => row.map((v) => v)),
              ),
            })),
          }),
        );
      }
      if (req.url === '/api/select' && req.method === 'POST') {
        try {
          rt.spreadsheet.activeSheet.setActiveSelection((await readBody(req)).trim());
        } catch (error) {
          // Sheets names a bad range rather than ignoring it.
          return send(400, 'text/plain', (error as Error).message);
        }
        return send(200, 'application/json', '{}');
      }
      if (req.url === '/api/activate' && req.method === 'POST') {
        const { name } = JSON.parse(await readBody(req)) as { name: string };
        const sheet = rt.spreadsheet.sheets.find((x) => x.getName() === name);
        if (!sheet) return send(404, 'text/plain', `No sheet named "${name}"`);
        sheet.activate();
        return send(200, 'application/json', '{}');
      }
      if (req.url === '/api/menu' && req.method === 'POST') {
        return send(200, 'application/json', JSON.stringify(runMenuItem(await readBody(req))));
      }
      if (req.url === '/sidebar-shown')
        return send(200, 'text/html; charset=utf-8', withBridge(rt.ui.sidebar?.html ?? ''));
      if (req.url === '/api/form' && req.method === 'POST') {
        const answers = JSON.parse(await readBody(req)) as Record<string, unknown>;
        // A form's response, as Google Forms writes it: the watchers' triggers fire (T2).
        rt.submitForm(
          FORM_SHEET,
          Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, String(v)])),
        );
        return send(200, 'application/json', '{}');
      }
      if (req.url === '/api/edit' && req.method === 'POST') {
        const edit = JSON.parse(await readBody(req)) as { row: number; col: number; text: string };
        if (![edit.row, edit.col].every((n) => Number.isInteger(n) && n >= 1))
          return send(400, 'text/plain', 'row and col are 1-based cell positions');
        rt.spreadsheet.activeSheet.typeIn(edit.row, edit.col, String(edit.text));
        // Sheets recalculates what the edit touched; recalculating all is the same here, since
        // custom functions answer repeat arguments from their cache without a request.
        rt.recalculate();
        return send(200, 'application/json', '{}');
      }
      if (req.url === '/api/paste' && req.method === 'POST') {
        const paste = JSON.parse(await readBody(req)) as { row: number; col: number; text: string };
        if (![paste.row, paste.col].every((n) => Number.isInteger(n) && n >= 1))
          return send(400, 'text/plain', 'row and col are 1-based cell positions');
        const lines = String(paste.text).replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
        lines.forEach((line, i) =>
          line
            .split('\t')
            .forEach((text, j) =>
              rt.spreadsheet.activeSheet.typeIn(paste.row + i, paste.col + j, text),
            ),
        );
        rt.recalculate();
        return send(200, 'application/json', '{}');
      }
      if (req.url === '/rpc' && req.method === 'POST') {
        const { fn, args } = JSON.parse(await readBody(req)) as { fn: string; args: unknown[] };
        try {
          return send(
            200,
            'application/json',
            JSON.stringify({ ok: true, value: rt.runFromSidebar(fn, args) }),
          );
        } catch (error) {
          return send(
            200,
            'application/json',
            JSON.stringify({ ok: false, error: (error as Error).message }),
          );
        }
      }
      send(404, 'text/plain', 'not found');
    } catch (error) {
      send(500, 'text/plain', (error as Error).message);
    }
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', resolve);
    });
  } catch (error) {
    clearInterval(ticker);
    await rt.close();
    await emu.stop();
    throw error;
  }
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    rt,
    emu,
    elapse,
    close: async () => {
      clearInterval(ticker);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A page still open keeps polling on keep-alive connections: a request in flight when the
      // server closes keeps its connection, and the next poll reuses it, so close would wait for
      // ever (the listing test hung 240 s on a loaded CI machine). Every connection is cut.
      server.closeAllConnections();
      await closed;
      await rt.close();
      await emu.stop();
    },
  };
}

if (require.main === module) {
  const args = flags(
    'npm run playground -- [--port 8790] [--time-scale 10] [--csv FILE]',
    { port: '8790', 'time-scale': '10', csv: undefined },
    [],
    { port, 'time-scale': positiveNumber },
  );
  startPlayground({
    port: Number(args.port),
    timeScale: Number(args['time-scale']),
    ...(args.csv ? { csv: args.csv } : {}),
  }).then(
    (p) => {
      exitQuietlyOn(() => p.close());
      console.log(
        `Playground on ${p.url} (emulator ${p.emu.baseUrl}; demo key: demo-pro-key). Ctrl-C to stop.`,
      );
    },
    (error: unknown) => {
      console.error(explainListenError(error));
      process.exit(1);
    },
  );
}
