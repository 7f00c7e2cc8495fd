/**
 * Workspace Studio in the playground (/studio): the guide's two agents, run by the agent
 * simulator (dev/studioAgent.ts) on the built bundle against the emulator, with each try's line
 * of the Activity tab and what the agent's last step sent. Time passes for the service and the
 * add-on as Studio waits between tries, so a pending preview completes as it would.
 */
import type http from 'node:http';
import { PRODUCT_NAME } from '../src/contract/product';
import type { GasRuntime } from './gas-runtime/runtime';
import { readBody } from './http-body';
import { leadMagnetAgent, runAgent, weeklyCheckAgent } from './studioAgent';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${PRODUCT_NAME}: Workspace Studio in the playground</title>
<style>body{font:14px Arial,sans-serif;margin:24px;max-width:760px}fieldset{margin:12px 0}table{border-collapse:collapse;margin-top:8px}
td,th{border:1px solid #dadce0;padding:4px 8px;text-align:left;vertical-align:top}.halted{color:#c5221f}</style></head><body>
<h1>Workspace Studio agents</h1><p>Each runs the add-on's steps as Studio does, with its retries; save a key in the sidebar first (demo-starter-key) for the lead magnet.</p>
<fieldset><legend>Lead magnet: form response → Create visibility preview → Wait for the preview’s score → Send an email</legend>
<label>Website <input id="lead-site" value="studio-lead.example"></label> <label>E-mail <input id="lead-email" value="jo@lead.example"></label>
<button type="button" id="run-lead">Run</button></fieldset>
<fieldset><legend>Weekly check: Get AI-visibility score → Post a message in Chat when it moved</legend>
<label>Website <input id="weekly-site" value="acmeanalytics.com"></label> <label>Last week's score <input id="weekly-last" value="38" size="4"></label>
<button type="button" id="run-weekly">Run</button></fieldset>
<div id="result" role="status"></div>
<script>
function v(id){return document.getElementById(id).value}
function cell(tr,t){var td=document.createElement('td');td.textContent=t;tr.appendChild(td)}
function run(body){document.getElementById('result').textContent='Running…';
fetch('/api/agent',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)}).then(function(r){return r.json()}).then(function(r){
var box=document.getElementById('result');box.replaceChildren();if(r.error){box.textContent=r.error;return}
var t=document.createElement('table');var h=document.createElement('tr');['Step','Try','Outcome','Activity log'].forEach(function(x){var th=document.createElement('th');th.textContent=x;h.appendChild(th)});t.appendChild(h);
r.activity.forEach(function(a){var tr=document.createElement('tr');if(a.outcome==='halted')tr.className='halted';cell(tr,a.label);cell(tr,String(a.attempt));cell(tr,a.outcome+(a.fixIt?' (Fix it)':''));cell(tr,a.log);t.appendChild(tr)});
box.appendChild(t);var p=document.createElement('p');p.textContent=r.sent.length?'Sent: '+r.sent.join('; '):'Nothing sent.';box.appendChild(p)})}
document.getElementById('run-lead').onclick=function(){run({agent:'lead',website:v('lead-site'),email:v('lead-email')})};
document.getElementById('run-weekly').onclick=function(){run({agent:'weekly',website:v('weekly-site'),lastWeek:Number(v('weekly-last'))})};
</script></body></html>`;

/** The playground's routes for Studio; false when `req` is not one of them. */
export async function studioRoute(
  rt: GasRuntime,
  elapse: (ms: number) => Promise<void>,
  req: http.IncomingMessage,
  send: (status: number, type: string, text: string) => void,
): Promise<boolean> {
  if (req.url === '/studio') {
    send(200, 'text/html; charset=utf-8', PAGE);
    return true;
  }
  if (req.url !== '/api/agent' || req.method !== 'POST') return false;
  const input = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
  const sent: string[] = [];
  const steps =
    input.agent === 'lead'
      ? leadMagnetAgent({ website: String(input.website), email: String(input.email) }, sent)
      : weeklyCheckAgent(String(input.website), Number(input.lastWeek), sent);
  try {
    const run = await runAgent(rt, steps, { elapse });
    send(200, 'application/json', JSON.stringify({ activity: run.activity, sent }));
  } catch (error) {
    send(200, 'application/json', JSON.stringify({ error: (error as Error).message }));
  }
  return true;
}
