/**
 * The Workspace add-on part in the playground: hover a report or brand link (in a cell of the
 * sheet, or in the Docs-like page at /docs) and its card shows, as Google shows it after a short
 * hover; in that page, typing @ offers the manifest's create action, whose form card makes a
 * preview and inserts its link as a chip. Everything goes through the runtime's model of Google's
 * surfaces (rt.linkPreview, createActionForm, submitCard), so what shows is what the built bundle
 * answered, with the runtime's widget rules and Google's 5-minute card cache.
 */
import type http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_NAME } from '../src/contract/product';
import { CARD_CSS, responseHtml } from './cardHtml';
import type { EditorHost } from './gas-runtime/workspaceAddOn';
import type { GasRuntime } from './gas-runtime/runtime';
import { readBody } from './http-body';

/**
 * The hover: 400 ms on a link (a cell whose text is one web address, or an <a>) asks for its
 * card; leaving both the link and the card for 300 ms hides it. `host` is the editor it stands for.
 */
export const hoverScript = (host: EditorHost) => `<script>
(function(){
var pop=document.createElement('div');pop.id='link-card';pop.hidden=true;pop.setAttribute('role','dialog');
pop.setAttribute('aria-label','Link preview');pop.style.cssText='position:absolute;z-index:10';document.body.appendChild(pop);
var timer=null,shownFor=null;
function linkIn(node){var el=node&&node.closest&&node.closest('a[href],td');if(!el)return null;
var url=el.tagName==='A'?el.getAttribute('href'):(el.textContent||'').trim();
return /^https?:\\/\\/\\S+$/.test(url)?{el:el,url:url}:null}
function hide(){pop.hidden=true;shownFor=null}
function show(hit){fetch('/api/link-card',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({url:hit.url,host:'${host}'})})
.then(function(r){return r.json()}).then(function(r){if(!r.html){hide();return}
pop.innerHTML=r.html;var b=hit.el.getBoundingClientRect();pop.style.left=(b.left+window.scrollX)+'px';
pop.style.top=(b.bottom+window.scrollY+4)+'px';pop.hidden=false;shownFor=hit.el})}
document.addEventListener('mouseover',function(e){if(pop.contains(e.target)){clearTimeout(timer);return}
var hit=linkIn(e.target);clearTimeout(timer);if(!hit){timer=setTimeout(hide,300);return}
if(shownFor===hit.el)return;timer=setTimeout(function(){show(hit)},400)});
})();
</script>`;

const DOCS_PAGE = (label: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${PRODUCT_NAME}: a Doc in the playground</title>
<style>body{margin:0;background:#f8f9fa;font:14px Arial,sans-serif}main{max-width:680px;margin:24px auto;background:#fff;padding:48px 64px;min-height:70vh;box-shadow:0 1px 3px rgba(60,64,67,.3)}
#doc{outline:0;font:11pt/1.5 Arial,sans-serif}a.chip{display:inline-block;padding:0 8px;border-radius:12px;background:#f1f3f4;color:#1a73e8;text-decoration:none}
#at-menu{position:absolute;background:#fff;box-shadow:0 2px 6px rgba(60,64,67,.3);border-radius:4px;padding:4px 0}
#at-menu button{display:block;border:0;background:none;padding:8px 16px;font:14px Arial,sans-serif;cursor:pointer}#at-menu button:hover,#at-menu button:focus{background:#e8f0fe}
#create{position:fixed;top:80px;right:24px}#help{color:#5f6368}${CARD_CSS}</style></head><body>
<main><p id="help">A Doc as the playground draws one. Type <b>@</b> for the add-on's create action, paste a report or brand link, and hover a link for its card.</p>
<div id="doc" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Document"><p>Proposal: AI visibility for your brand</p><p>Where you stand today: </p></div></main>
<div id="at-menu" role="menu" aria-label="@ menu" hidden><button type="button" role="menuitem" id="create-action">${label}</button></div>
<div id="create" role="dialog" aria-label="${label}" hidden></div>
<script>
var doc=document.getElementById('doc'),menu=document.getElementById('at-menu'),box=document.getElementById('create'),at=null;
function post(url,body){return fetch(url,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)}).then(function(r){return r.json()})}
// Typing @ opens the menu where the caret is; the @ itself is replaced by what the action inserts.
doc.addEventListener('input',function(e){if(e.data!=='@')return;var s=getSelection();if(!s.rangeCount)return;
at=s.getRangeAt(0).cloneRange();at.setStart(at.startContainer,Math.max(0,at.startOffset-1));
var b=at.getBoundingClientRect();menu.style.left=(b.left+scrollX)+'px';menu.style.top=(b.bottom+scrollY+4)+'px';menu.hidden=false;
document.getElementById('create-action').focus()});
document.getElementById('create-action').onclick=function(){menu.hidden=true;post('/api/create-form',{}).then(drawn)};
function drawn(r){if(r.error){box.textContent=r.error;box.hidden=false;return}
if(r.links){insert(r.links[0]);box.hidden=true;return}box.innerHTML=r.html;box.hidden=false;var i=box.querySelector('input');if(i)i.focus()}
box.addEventListener('click',function(e){var b=e.target.closest('button[data-fn]');if(!b)return;var inputs={};
box.querySelectorAll('input[name]').forEach(function(i){inputs[i.name]=i.value});post('/api/card-submit',{fn:b.dataset.fn,inputs:inputs}).then(drawn)});
function insert(link){var a=document.createElement('a');a.className='chip';a.href=link.url;a.textContent=link.title;
if(at){at.deleteContents();at.insertNode(a)}else doc.appendChild(a);at=null}
// A pasted web address becomes a link, as Docs makes one.
doc.addEventListener('paste',function(e){var t=(e.clipboardData.getData('text/plain')||'').trim();if(!/^https?:\\/\\/\\S+$/.test(t))return;
e.preventDefault();var a=document.createElement('a');a.href=t;a.textContent=t;var s=getSelection();
if(s.rangeCount){var r=s.getRangeAt(0);r.deleteContents();r.insertNode(a)}else doc.appendChild(a)});
</script>${hoverScript('docs')}</body></html>`;

/** The create action's label, as the manifest the runtime loaded names it. */
function createActionLabel(): string {
  const manifest = JSON.parse(readFileSync(path.resolve('dist', 'appsscript.json'), 'utf8')) as {
    addOns?: { docs?: { createActionTriggers?: Array<{ labelText: string }> } };
  };
  return manifest.addOns?.docs?.createActionTriggers?.[0]?.labelText ?? 'No create action';
}

const HOSTS: readonly EditorHost[] = ['docs', 'sheets', 'slides'];

/** Answers a card request as JSON: the card's HTML, the links inserted, or Google's error. */
function answer(rt: GasRuntime, url: string, body: string): unknown {
  const input = JSON.parse(body || '{}') as Record<string, unknown>;
  try {
    if (url === '/api/link-card') {
      const host = HOSTS.find((h) => h === input.host) ?? 'sheets';
      return { html: responseHtml(rt.linkPreview(String(input.url), host)) };
    }
    if (url === '/api/create-form') return { html: responseHtml(rt.createActionForm('docs')) };
    const made = rt.submitCard(
      String(input.fn),
      Object.fromEntries(
        Object.entries((input.inputs ?? {}) as Record<string, unknown>).map(([k, v]) => [
          k,
          String(v),
        ]),
      ),
      'docs',
    );
    return made.kind === 'links' ? { links: made.links } : { html: responseHtml(made) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The playground's routes for the Workspace add-on part; false when `req` is not one of them. */
export async function cardRoute(
  rt: GasRuntime,
  req: http.IncomingMessage,
  send: (status: number, type: string, text: string) => void,
): Promise<boolean> {
  if (req.url === '/docs') {
    send(200, 'text/html; charset=utf-8', DOCS_PAGE(createActionLabel()));
    return true;
  }
  if (req.method !== 'POST') return false;
  if (!['/api/link-card', '/api/create-form', '/api/card-submit'].includes(req.url ?? ''))
    return false;
  send(200, 'application/json', JSON.stringify(answer(rt, req.url!, await readBody(req))));
  return true;
}
