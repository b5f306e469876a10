// The position checker page: replay the YAML, then step through the timeline.
// A replay is saved (for its permalink) only when its text differs from the last one
// saved: viewing a permalink or pressing Replay again stores nothing new.
(function () {
  const $ = (id) => document.getElementById(id);
  const gallery = JSON.parse($('gallery-data').textContent);
  const page = $('checker');
  let result = null, current = 0;
  let savedText = page.dataset.permalink ? $('yaml').value : null;
  let savedLink = page.dataset.permalink || null;
  const esc = (s) => String(s ?? '').replace(/[&<>"]/g, c => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
  $('gallery').addEventListener('change', (e) => {
    const g = gallery.find(x => x.slug === e.target.value);
    if (g) { $('yaml').value = g.text; }
  });
  function chip(c) {
    const cls = ['chip', c.bowed ? 'bowed' : '', c.dishonored ? 'dishonored' : ''].join(' ');
    let stats = c.force !== undefined ? ` ${c.force}F/${c.chi}C` : '';
    let att = (c.attachments || []).map(a => `<span class="chip${a.bowed ? ' bowed' : ''}" data-id="${esc(a.id)}">${esc(a.title)}</span>`).join('');
    return `<span class="${cls}" data-id="${esc(c.id)}" title="${esc(c.id)}">${esc(c.title)}${stats}</span>${att}`;
  }
  function drawBoard(state) {
    if (!state) { $('board').innerHTML = ''; return; }
    let html = `<p class="where">Turn ${state.turn} · ${esc(state.active)}'s turn · ${esc(state.phase)}${state.segment ? ' / ' + esc(state.segment) : ''}${state.battlefield ? ' · battle at ' + esc(state.battlefield) : ''}</p>`;
    for (const [name, p] of Object.entries(state.players)) {
      const home = p.units.filter(u => u.location === 'home');
      const away = {};
      p.units.filter(u => u.location !== 'home').forEach(u => { (away[u.location] = away[u.location] || []).push(u); });
      html += `<div class="player" data-player="${esc(name)}"><h3>${esc(name)} · <span class="honor">${p.honor}</span> Honor · ${p.gold} Gold${p.lost ? ' · lost' : ''}</h3>`;
      html += `<div class="zone">Stronghold: ${p.stronghold ? chip(p.stronghold) : '—'}${p.sensei ? ' Sensei: ' + chip(p.sensei) : ''}</div>`;
      html += `<div class="zone">Provinces: ${p.provinces.map(pr => `<span class="chip${pr.destroyed ? ' destroyed' : ''}" data-id="${esc(pr.id)}">${esc(pr.id)} (${pr.strength})${pr.card ? ': ' + esc(pr.card) : ''}</span>`).join('')}</div>`;
      html += `<div class="zone">Home: ${home.map(chip).join('') || '—'}</div>`;
      for (const [where, units] of Object.entries(away)) html += `<div class="zone bf">At ${esc(where)}: ${units.map(chip).join('')}</div>`;
      if (p.holdings.length) html += `<div class="zone">Holdings: ${p.holdings.map(chip).join('')}</div>`;
      if (p.in_play.length) html += `<div class="zone">In play: ${p.in_play.map(chip).join('')}</div>`;
      html += `<div class="zone">Hand ${p.hand.length} · Fate deck ${p.fate_deck} · Dynasty deck ${p.dynasty_deck} · Discard ${p.discard.length} · Dead ${p.dead.length}</div></div>`;
    }
    $('board').innerHTML = html;
  }
  function show(n) {
    if (!result || !result.steps.length) return;
    current = Math.max(0, Math.min(n, result.steps.length - 1));
    const s = result.steps[current];
    const cites = s.cites.map(c => `<a class="cite" href="${esc(c.url)}" title="${esc(c.text || c.title)}">${esc(c.number ? c.number + ' ' : '')}${esc(c.title)}</a>`).join(' · ');
    $('step').innerHTML = `<p class="where">Step ${s.n} · turn ${s.turn} · ${esc(s.phase)}${s.segment ? ' / ' + esc(s.segment) : ''}${s.step ? ' · ' + esc(s.step) : ''} · ${esc(s.kind)}${s.reason ? ' (' + esc(s.reason) + ')' : ''}</p><p id="step-text">${esc(s.text)}</p><p class="cites">${cites}</p>`;
    $('counter').textContent = `${s.n} / ${result.steps.length}`;
    drawBoard(result.states ? result.states[current] : null);
    document.querySelectorAll('#steps li').forEach((li, i) => li.classList.toggle('current', i === current));
    const li = document.querySelectorAll('#steps li')[current]; if (li) li.scrollIntoView({block: 'nearest'});
    const url = new URL(window.location); if (url.pathname !== '/positions/') { url.searchParams.set('step', s.n); history.replaceState(null, '', url); }
  }
  // After an error nothing of the previous replay stays on screen: a stale all-green
  // timeline under an error would read as a pass.
  function clearResult() {
    result = null; current = 0;
    $('steps').innerHTML = ''; $('expectations').innerHTML = ''; $('unparsed').innerHTML = '';
    $('board').innerHTML = ''; $('permalink').innerHTML = ''; $('counter').textContent = '–';
    $('step').innerHTML = '<p class="where">No replay: fix the position and press Replay.</p>';
  }
  function showError(message) {
    clearResult();
    $('error').textContent = message; $('error').hidden = false;
  }
  async function replay(startAt) {
    $('error').hidden = true;
    const text = $('yaml').value;
    const save = text !== savedText;
    let response, body;
    try {
      response = await fetch('/api/positions/replay?states=1' + (save ? '&save=1' : ''), {method: 'POST', headers: {'Content-Type': 'application/yaml'}, body: text});
      body = await response.json();
    } catch (err) {
      showError('The replay did not come back (' + err.message + '). Check your connection and press Replay again.');
      return;
    }
    if (!response.ok) { showError(body.error.message); return; }
    result = body;
    if (save && body.permalink) { savedText = text; savedLink = body.permalink; }
    $('steps').innerHTML = body.steps.map((s, i) => `<li class="${s.kind === 'rejected' ? 'rejected' : ''}" data-n="${i}">${esc(s.text)}</li>`).join('');
    document.querySelectorAll('#steps li').forEach(li => li.addEventListener('click', () => show(+li.dataset.n)));
    $('expectations').innerHTML = body.expectations.map(e => `<li class="exp ${e.ok ? 'ok' : 'fail'}">${esc(JSON.stringify(e.expect))}${e.ok ? '' : ' — actual ' + esc(JSON.stringify(e.actual))}</li>`).join('') || '<li>none</li>';
    $('unparsed').innerHTML = body.unparsed.length ? '<h2>Text the engine could not read</h2><ul>' + body.unparsed.map(u => `<li><b>${esc(u.card)}</b>: ${esc(u.text)}</li>`).join('') + '</ul>' : '';
    if (savedLink && text === savedText) $('permalink').innerHTML = `Permalink: <a id="permalink-link" href="${esc(savedLink)}">${esc(savedLink)}</a>`;
    show(startAt || 0);
  }
  $('replay').addEventListener('click', () => replay(0));
  $('first').addEventListener('click', () => show(0));
  $('prev').addEventListener('click', () => show(current - 1));
  $('next').addEventListener('click', () => show(current + 1));
  $('last').addEventListener('click', () => result && show(result.steps.length - 1));
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'TEXTAREA' || e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
    if (e.key === 'ArrowRight') { e.preventDefault(); show(current + 1); }
    else if (e.key === 'ArrowLeft') { e.preventDefault(); show(current - 1); }
    else if (e.key === 'Home') { e.preventDefault(); show(0); }
    else if (e.key === 'End') { e.preventDefault(); result && show(result.steps.length - 1); }
  });
  if (page.dataset.permalink) replay((+new URL(window.location).searchParams.get('step') || 1) - 1);
})();
