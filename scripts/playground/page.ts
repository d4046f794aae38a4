import { PLAYGROUND_WORDS, type PlaygroundWord } from './words';

/**
 * The playground page: the CRM menu as buttons, the workbook as a grid with a tab per sheet and
 * a formula bar, the sidebar in an iframe at the right (300 px, as in Sheets), and logs of the
 * executions and of the requests the sandbox received. Its small script fetches /state and swaps
 * in the HTML the server rendered, and lets a person type into a cell as in Sheets: select it,
 * then type (or double-click, Enter or F2 to edit what is there); Enter or Tab commits, Escape
 * cancels, Delete clears; arrows move.
 */
const PAGE_CSS = `
* { box-sizing: border-box; }
body { margin: 0; font: 13px Arial, sans-serif; color: #222; background: #f8f9fa; height: 100vh; display: flex; flex-direction: column; }
header { display: flex; align-items: center; gap: 16px; padding: 8px 12px; background: #fff; border-bottom: 1px solid #dadce0; }
header h1 { font-size: 16px; margin: 0; color: #188038; }
header .clock { color: #5f6368; }
header .note { color: #5f6368; font-size: 11px; flex: 1; }
nav { display: flex; gap: 6px; align-items: center; padding: 6px 12px; background: #fff; border-bottom: 1px solid #dadce0; }
nav .label { font-weight: bold; color: #5f6368; margin-right: 4px; }
nav button, .tab { height: 28px; padding: 0 12px; border: 1px solid #dadce0; border-radius: 4px; background: #fff; cursor: pointer; font: inherit; }
nav button:hover, .tab:hover { background: #f1f3f4; }
nav .spacer { flex: 1; }
main { flex: 1; display: flex; min-height: 0; }
.workbook { flex: 1; display: flex; flex-direction: column; min-width: 0; }
.grid-wrap { flex: 1; overflow: auto; background: #fff; position: relative; }
.chart { position: absolute; z-index: 3; box-shadow: 0 1px 3px rgba(60,64,67,.3); line-height: 0; }
.tab-bar { display: flex; gap: 4px; padding: 4px 8px; background: #f1f3f4; border-top: 1px solid #dadce0; min-width: 0; }
/* Many sheets scroll sideways, as in Sheets; + stays put at the bar's left. */
.tabs { flex: 1; min-width: 0; display: flex; gap: 2px; overflow-x: auto; scrollbar-width: thin; }
.tab { flex: 0 0 auto; white-space: nowrap; }
.tab.active { background: #e8f0fe; border-color: #1a73e8; color: #1a73e8; font-weight: bold; }
table.grid { border-collapse: collapse; font-size: 12px; }
table.grid th { position: sticky; top: 0; background: #f8f9fa; color: #5f6368; font-weight: normal; border: 1px solid #e0e0e0; padding: 2px 6px; min-width: 32px; }
table.grid tbody th { position: sticky; left: 0; top: auto; }
table.grid td { border: 1px solid #e0e0e0; padding: 2px 6px; white-space: nowrap; max-width: 200px; overflow: hidden; text-overflow: ellipsis; height: 21px; }
table.grid td.number { text-align: right; }
table.grid td { cursor: cell; }
table.grid td.spilled { color: #3c4043; }
table.grid td.error { color: #a50e0e; background: linear-gradient(225deg, #d93025 6px, transparent 6px) no-repeat top right / 12px 12px; }
table.grid td.selected { outline: 2px solid #1a73e8; outline-offset: -2px; }
table.grid td.editing { padding: 0; overflow: visible; }
table.grid td.editing input { font: inherit; width: 100%; min-width: 160px; height: 21px; border: 2px solid #1a73e8; padding: 0 4px; }
.formula-bar { display: flex; gap: 8px; align-items: center; padding: 4px 8px; background: #fff; border-bottom: 1px solid #dadce0; font-size: 12px; }
.formula-bar .name { width: 56px; color: #5f6368; border-right: 1px solid #dadce0; }
.formula-bar .content { flex: 1 1 50%; min-width: 0; font-family: Consolas, monospace; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.formula-bar .hint { flex: 0 1 50%; min-width: 0; color: #5f6368; font-size: 11px; }
header .running { color: #b06000; font-weight: bold; }
td.status-ok { background: #e6f4ea; color: #137333; font-weight: bold; }
td.status-warn { background: #fef7e0; color: #b06000; font-weight: bold; }
td.status-bad { background: #fce8e6; color: #a50e0e; font-weight: bold; }
td.status-info { background: #e8f0fe; color: #174ea6; font-weight: bold; }
aside { width: 300px; display: flex; flex-direction: column; border-left: 1px solid #dadce0; background: #fff; }
aside .title { display: flex; justify-content: space-between; align-items: center; padding: 10px 12px; border-bottom: 1px solid #dadce0; font-size: 15px; }
aside .title button { border: 0; background: none; font-size: 18px; cursor: pointer; color: #5f6368; }
aside iframe { flex: 1; border: 0; width: 100%; }
.sidebar-panel { flex: 1; display: flex; flex-direction: column; min-height: 0; }
.sidebar-panel[hidden] { display: none; }
aside .placeholder { padding: 16px; color: #5f6368; }
footer { height: 190px; display: flex; gap: 1px; background: #dadce0; border-top: 1px solid #dadce0; }
footer section { flex: 1; overflow: auto; background: #fff; padding: 6px 10px; font: 11px Consolas, monospace; }
footer h2 { font: bold 11px Arial, sans-serif; margin: 0 0 4px; color: #5f6368; text-transform: uppercase; }
footer .bad { color: #a50e0e; }
footer .ok { color: #137333; }
.note { color: #5f6368; padding: 4px 8px; }
.note-line { font: 11px Arial, sans-serif; color: #5f6368; margin-bottom: 4px; }
header .language { color: #5f6368; font-size: 12px; }
.tab.add-sheet { font-weight: bold; flex: 0 0 auto; }
.dialog-backdrop { position: fixed; inset: 0; background: rgba(32,33,36,.45); display: flex; align-items: center; justify-content: center; z-index: 20; }
.dialog-backdrop[hidden] { display: none; }
.dialog { background: #fff; border-radius: 8px; box-shadow: 0 4px 16px rgba(60,64,67,.4); padding: 20px 24px; width: 440px; max-width: 90vw; }
.dialog h2 { font-size: 16px; font-weight: normal; margin: 0 0 12px; display: flex; justify-content: space-between; }
.dialog h2 button { border: 0; background: none; font-size: 18px; cursor: pointer; color: #5f6368; }
.dialog p { white-space: pre-wrap; margin: 0 0 12px; }
.dialog input { width: 100%; height: 30px; font: inherit; padding: 0 6px; margin-bottom: 16px; }
.dialog .buttons { display: flex; justify-content: flex-end; gap: 8px; }
.dialog .buttons button { height: 32px; padding: 0 16px; border: 1px solid #dadce0; border-radius: 4px; background: #fff; cursor: pointer; font: inherit; }
.dialog .buttons button.primary { background: #1a73e8; border-color: #1a73e8; color: #fff; }
.toasts { position: fixed; left: 16px; bottom: 16px; display: flex; flex-direction: column; gap: 8px; z-index: 15; }
.toast { background: #323232; color: #fff; border-radius: 4px; padding: 12px 16px; max-width: 380px; box-shadow: 0 2px 6px rgba(0,0,0,.3); display: flex; gap: 12px; align-items: flex-start; }
.toast strong { display: block; margin-bottom: 2px; }
.toast button { border: 0; background: none; color: #8ab4f8; cursor: pointer; font-size: 16px; }
.tab-rename { height: 28px; font: inherit; width: 140px; }
`;

const PAGE_SCRIPT = `
(function () {
  'use strict';
  var WORDS = __WORDS__;
  // The browser's language until the person picks one with the switch (the server remembers it).
  var browserLang = /^pt\\b/i.test(navigator.language || '') ? 'pt' : 'en';
  var lang = browserLang;
  var shownDialog = null;
  var seenToast = null;
  var soon = null;
  var activeSheet = null;
  var pending = false;
  var again = false;
  var selected = null;
  var editor = null;
  var serverActive = null;
  function $(id) { return document.getElementById(id); }
  function w(key, values) {
    return WORDS[lang][key].replace(/\\{(\\w+)\\}/g, function (whole, name) {
      return values && name in values ? String(values[name]) : whole;
    });
  }
  function applyWords() {
    document.documentElement.lang = lang === 'pt' ? 'pt-BR' : 'en';
    document.title = w('pageTitle');
    document.querySelectorAll('[data-w]').forEach(function (e) { e.textContent = w(e.dataset.w); });
    document.querySelectorAll('[data-w-html]').forEach(function (e) { e.innerHTML = w(e.dataset.wHtml); });
    document.querySelectorAll('[data-w-title]').forEach(function (e) { e.title = w(e.dataset.wTitle); });
    $('tabs').dataset.key = '';
  }
  function refresh() {
    if (pending) { again = true; return; }
    pending = true;
    var asked = activeSheet;
    fetch('/state?lang=' + lang + (asked ? '&sheet=' + encodeURIComponent(asked) : ''))
      .then(function (r) { return r.json(); })
      .then(function (state) {
        // A tab picked while this answer was on its way wins over it: ask again for that tab.
        if (asked !== activeSheet) again = true;
        else render(state);
      })
      .catch(function (e) { $('clock').textContent = w('unreachable', { detail: e.message }); })
      .then(function () { pending = false; if (again) { again = false; refresh(); } });
  }
  // An embedded chart floats over the grid with its top-left corner on its anchor cell, as in Sheets.
  function placeCharts() {
    $('grid').querySelectorAll('.chart').forEach(function (chart) {
      var anchor = cell(chart.dataset.anchor);
      if (!anchor) return;
      chart.style.left = (anchor.offsetLeft + Number(chart.dataset.offsetX || 0)) + 'px';
      chart.style.top = (anchor.offsetTop + Number(chart.dataset.offsetY || 0)) + 'px';
    });
  }
  function render(state) {
    // The workbook's active sheet moved by itself (an export inserted a sheet): show it, as Sheets does.
    if (serverActive !== null && state.activeSheet !== serverActive && state.activeSheet !== activeSheet) {
      serverActive = state.activeSheet;
      activeSheet = state.activeSheet;
      again = true;
      return;
    }
    serverActive = state.activeSheet;
    var wanted = state.languageChosen ? state.language : browserLang;
    if (wanted !== lang) { lang = wanted; applyWords(); again = true; return; }
    if (state.active !== activeSheet) { selected = null; cancelEdit(); }
    activeSheet = state.active;
    $('language').value = state.language;
    $('triggers').textContent = state.triggers;
    $('clock').textContent = w('simulatedTime', { time: state.time });
    $('running').textContent = state.running.length > 0 ? w('running', { what: state.running.join(' → ') }) : '';
    showDialog(state.dialog);
    showToasts(state.toasts);
    // While a call runs, look more often: it may ask the person something.
    clearTimeout(soon);
    if (state.running.length > 0) soon = setTimeout(refresh, 300);
    var tabs = $('tabs');
    // Redrawn only when the sheets or the active one change: a double-click needs its tab to stay.
    var tabsKey = state.sheets.join('|') + '#' + state.active;
    if (tabs.dataset.key !== tabsKey) {
    tabs.dataset.key = tabsKey;
    tabs.replaceChildren.apply(tabs, state.sheets.map(function (name) {
      var b = document.createElement('button');
      b.className = 'tab' + (name === state.active ? ' active' : '');
      b.textContent = name;
      b.dataset.sheet = name;
      b.title = w('renameTab');
      b.onclick = function () { showSheet(name); };
      b.ondblclick = function () { renameTab(b, name); };
      return b;
    }));
    }
    var activeTab = tabs.querySelector('.tab.active');
    if (activeTab && activeTab.scrollIntoView) activeTab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    // An open editor keeps its cell: the grid is redrawn once the edit ends.
    if (!editor) {
      $('grid').innerHTML = state.table;
      placeCharts();
      if (selected) select(selected);
    }
    $('executions').innerHTML = state.executions;
    $('requests').innerHTML = state.requests;
    var menu = $('menu');
    // Rebuilt when its captions change (the person switched language).
    if (menu.dataset.captions !== state.menu.join('|')) {
      menu.dataset.captions = state.menu.join('|');
      Array.prototype.slice.call(menu.querySelectorAll('button[data-menu]')).forEach(function (b) { b.remove(); });
      state.menu.forEach(function (caption) {
        var b = document.createElement('button');
        b.textContent = caption;
        b.dataset.menu = caption;
        b.onclick = function () { openMenu(caption); };
        menu.appendChild(b);
      });
    }
  }
  function showSheet(name) {
    activeSheet = name;
    serverActive = name;
    // The tab on screen is the active sheet the add-on's sidebars default to.
    post('/active', { sheet: name }).then(refresh);
  }
  $('add-sheet').onclick = function () {
    post('/sheets', {}).then(function (answer) {
      if (!answer.ok) { alert(answer.error); return; }
      showSheet(answer.sheet);
    });
  };
  // Ui.alert and Ui.prompt: the call that asked waits for this dialog's answer (dialogs.ts).
  function showDialog(dialog) {
    if (!dialog) { shownDialog = null; $('dialog').hidden = true; return; }
    if (shownDialog === dialog.id) return;
    shownDialog = dialog.id;
    $('dialog-title').textContent = dialog.title;
    $('dialog-prompt').textContent = dialog.prompt;
    var input = $('dialog-input');
    input.hidden = dialog.type !== 'prompt';
    input.value = '';
    var buttons = dialog.choices;
    $('dialog-buttons').replaceChildren.apply($('dialog-buttons'), buttons.map(function (name, i) {
      var b = document.createElement('button');
      b.textContent = w('button' + name);
      b.dataset.button = name;
      if (i === 0) b.className = 'primary';
      b.onclick = function () { answerDialog(dialog.id, name); };
      return b;
    }));
    $('dialog-close').onclick = function () { answerDialog(dialog.id, 'CLOSE'); };
    input.onkeydown = function (event) {
      if (event.key === 'Enter') { event.preventDefault(); answerDialog(dialog.id, buttons[0]); }
    };
    $('dialog').hidden = false;
    (dialog.type === 'prompt' ? input : $('dialog-buttons').firstChild).focus();
  }
  function answerDialog(id, button) {
    $('dialog').hidden = true;
    post('/dialog', { id: id, button: button, text: $('dialog-input').value }).then(refresh);
  }
  // Spreadsheet.toast: shown once each, for its seconds (a few when it asks for none or forever).
  function showToasts(toasts) {
    var last = toasts.length > 0 ? toasts[toasts.length - 1].id : -1;
    if (seenToast === null) { seenToast = last; return; }
    toasts.forEach(function (toast) {
      if (toast.id <= seenToast) return;
      var box = document.createElement('div');
      box.className = 'toast';
      box.setAttribute('role', 'status');
      var text = document.createElement('div');
      if (toast.title) { var strong = document.createElement('strong'); strong.textContent = toast.title; text.appendChild(strong); }
      text.appendChild(document.createTextNode(toast.message));
      var x = document.createElement('button');
      x.textContent = '×';
      x.title = w('close');
      x.onclick = function () { box.remove(); };
      box.append(text, x);
      $('toasts').appendChild(box);
      var seconds = toast.seconds > 0 ? Math.min(Math.max(toast.seconds, 3), 15) : 10;
      setTimeout(function () { box.remove(); }, seconds * 1000);
    });
    seenToast = Math.max(seenToast, last);
  }
  function renameTab(button, name) {
    var input = document.createElement('input');
    input.className = 'tab-rename';
    input.value = name;
    input.setAttribute('aria-label', w('newNameOf', { name: name }));
    button.replaceWith(input);
    input.focus();
    input.select();
    var done = false;
    function finish(save) {
      if (done) return;
      done = true;
      if (!save || input.value.trim() === name) { $('tabs').dataset.key = ''; refresh(); return; }
      post('/sheets/rename', { from: name, to: input.value }).then(function (answer) {
        if (!answer.ok) alert(answer.error);
        else if (activeSheet === name) { activeSheet = answer.sheet; serverActive = answer.sheet; }
        $('tabs').dataset.key = '';
        refresh();
      });
    }
    input.addEventListener('keydown', function (event) {
      if (event.key === 'Enter') { event.preventDefault(); finish(true); }
      else if (event.key === 'Escape') { event.preventDefault(); finish(false); }
    });
    input.addEventListener('blur', function () { finish(true); });
  }
  function post(path, body) {
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) })
      .then(function (r) { return r.json(); });
  }
  function openMenu(caption) {
    post('/menu', { caption: caption }).then(function (answer) {
      if (!answer.ok) { alert(w('menuFailed', { caption: caption, detail: answer.error })); return; }
      if (answer.sidebar) {
        $('sidebar-title').textContent = answer.sidebar.title;
        $('sidebar-frame').src = answer.sidebar.url;
        $('sidebar').hidden = false;
        $('sidebar-placeholder').hidden = true;
      }
      refresh();
    });
  }
  function closeSidebar() {
    $('sidebar-frame').src = 'about:blank';
    $('sidebar').hidden = true;
    $('sidebar-placeholder').hidden = false;
  }
  function cell(a1) { return $('grid').querySelector('td[data-a1="' + a1 + '"]'); }
  function select(a1) {
    var previous = $('grid').querySelector('td.selected');
    if (previous) previous.classList.remove('selected');
    var td = cell(a1);
    selected = td ? a1 : null;
    if (!td) { $('cell-name').textContent = ''; $('cell-content').textContent = ''; return; }
    td.classList.add('selected');
    $('cell-name').textContent = a1;
    $('cell-content').textContent = td.dataset.formula || td.textContent;
  }
  function neighbour(a1, dRow, dColumn) {
    var td = cell(a1);
    if (!td) return a1;
    var row = td.parentElement;
    var column = Array.prototype.indexOf.call(row.children, td);
    var rows = row.parentElement.children;
    var target = rows[Array.prototype.indexOf.call(rows, row) + dRow];
    var next = target && target.children[column + dColumn];
    return next && next.dataset.a1 ? next.dataset.a1 : a1;
  }
  function startEdit(a1, typed) {
    var td = cell(a1);
    if (!td) return;
    select(a1);
    var input = document.createElement('input');
    input.value = typed !== null ? typed : (td.dataset.formula || td.textContent);
    input.setAttribute('aria-label', w('cellLabel', { a1: a1 }));
    editor = { a1: a1, input: input, sheet: activeSheet };
    td.classList.add('editing');
    td.replaceChildren(input);
    input.focus();
    input.addEventListener('keydown', function (event) {
      if (event.key === 'Enter') { event.preventDefault(); commit(1, 0); }
      else if (event.key === 'Tab') { event.preventDefault(); commit(0, 1); }
      else if (event.key === 'Escape') { event.preventDefault(); cancelEdit(); }
    });
    input.addEventListener('input', function () { $('cell-content').textContent = input.value; });
    input.addEventListener('blur', function () { if (editor && editor.input === input) commit(0, 0); });
  }
  function cancelEdit() {
    if (!editor) return;
    editor = null;
    refresh();
  }
  function commit(dRow, dColumn) {
    var edit = editor;
    editor = null;
    writeCell(edit.sheet, edit.a1, edit.input.value);
    select(neighbour(edit.a1, dRow, dColumn));
  }
  function writeCell(sheet, a1, input) {
    post('/cell', { sheet: sheet, a1: a1, input: input }).then(function (answer) {
      if (!answer.ok) alert(w('cellNotChanged', { detail: answer.error }));
      refresh();
    });
  }
  $('grid').addEventListener('click', function (event) {
    var td = event.target.closest && event.target.closest('td[data-a1]');
    if (td && !td.classList.contains('editing')) select(td.dataset.a1);
  });
  $('grid').addEventListener('dblclick', function (event) {
    var td = event.target.closest && event.target.closest('td[data-a1]');
    if (td && !editor) startEdit(td.dataset.a1, null);
  });
  document.addEventListener('keydown', function (event) {
    if (editor || !selected || event.target !== document.body) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Tab: [0, 1] };
    if (moves[event.key]) { event.preventDefault(); select(neighbour(selected, moves[event.key][0], moves[event.key][1])); }
    else if (event.key === 'Enter' || event.key === 'F2') { event.preventDefault(); startEdit(selected, null); }
    else if (event.key === 'Delete' || event.key === 'Backspace') { event.preventDefault(); writeCell(activeSheet, selected, ''); }
    else if (event.key.length === 1) { event.preventDefault(); startEdit(selected, event.key); }
  });
  // A block copied from another sheet (tab-separated rows) lands at the selected cell.
  document.addEventListener('paste', function (event) {
    if (editor || !selected) return;
    var text = event.clipboardData && event.clipboardData.getData('text/plain');
    if (!text) return;
    event.preventDefault();
    post('/paste', { sheet: activeSheet, a1: selected, text: text }).then(function (answer) {
      if (!answer.ok) alert(w('nothingPasted', { detail: answer.error }));
      refresh();
    });
  });
  $('language').addEventListener('change', function () {
    lang = $('language').value;
    applyWords();
    post('/language', { lang: lang }).then(function () {
      // The open sidebar speaks the old language: open it again from the menu.
      closeSidebar();
      refresh();
    });
  });
  $('close-sidebar').onclick = closeSidebar;
  $('run-triggers').onclick = function () { post('/triggers').then(refresh); };
  window.addEventListener('message', function (event) {
    var data = event.data || {};
    if (data.type === 'crm-playground:ran') refresh();
    if (data.type === 'crm-playground:close') closeSidebar();
  });
  setInterval(refresh, 4000);
  applyWords();
  refresh();
})();
`;

export function renderPage(): string {
  // The page is sent in English and worded by its script at once (the browser's language first).
  const en = (word: PlaygroundWord) => PLAYGROUND_WORDS.en[word];
  const script = PAGE_SCRIPT.replace('__WORDS__', () =>
    JSON.stringify(PLAYGROUND_WORDS).replace(/</g, '\\u003c'),
  );
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${en('pageTitle')}</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<header>
  <h1 data-w="pageTitle">${en('pageTitle')}</h1>
  <span class="clock" id="clock" data-w="loading">${en('loading')}</span>
  <span class="running" id="running"></span>
  <label class="language"><span data-w="yourLanguage">${en('yourLanguage')}</span>
    <select id="language"><option value="pt">Português</option><option value="en">English</option></select></label>
  <span class="note" data-w="note">${en('note')}</span>
</header>
<nav id="menu"><span class="label" data-w="menuLabel">${en('menuLabel')}</span></nav>
<main>
  <div class="workbook">
    <div class="formula-bar"><span class="name" id="cell-name"></span><span class="content" id="cell-content"></span>
      <span class="hint" data-w-html="hintHtml">${en('hintHtml')}</span></div>
    <div class="grid-wrap" id="grid"></div>
    <div class="tab-bar"><button class="tab add-sheet" id="add-sheet" data-w-title="addSheet" title="${en('addSheet')}">+</button>
      <div class="tabs" id="tabs"></div></div>
  </div>
  <aside>
    <div id="sidebar" class="sidebar-panel" hidden>
      <div class="title"><span id="sidebar-title"></span><button id="close-sidebar" data-w-title="close" title="${en('close')}">×</button></div>
      <iframe id="sidebar-frame" data-w-title="sidebar" title="${en('sidebar')}"></iframe>
    </div>
    <div class="placeholder" id="sidebar-placeholder" data-w="sidebarPlaceholder">${en('sidebarPlaceholder')}</div>
  </aside>
</main>
<footer>
  <section><h2><span data-w="executions">${en('executions')}</span> <button id="run-triggers" data-w="fireNextTrigger" data-w-title="fireNextTriggerTitle" title="${en('fireNextTriggerTitle')}">${en('fireNextTrigger')}</button></h2>
    <div class="note-line"><span data-w="triggersNote">${en('triggersNote')}</span>
      <span id="triggers"></span></div><div id="executions"></div></section>
  <section><h2 data-w="requestsHeading">${en('requestsHeading')}</h2><div id="requests"></div></section>
</footer>
<div class="dialog-backdrop" id="dialog" hidden><div class="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title">
  <h2><span id="dialog-title"></span><button id="dialog-close" data-w-title="close" title="${en('close')}">×</button></h2>
  <p id="dialog-prompt"></p><input id="dialog-input" aria-labelledby="dialog-prompt"><div class="buttons" id="dialog-buttons"></div>
</div></div>
<div class="toasts" id="toasts" aria-live="polite"></div>
<script>${script}</script>
</body>
</html>
`;
}
