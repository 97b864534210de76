// The trajectory debugger: lists live episodes and saved runs' tasks (filtered by text,
// outcome, site and errors), and shows one trajectory step by step — the observation the
// agent acted on beside the next one, the chosen element outlined, the element list, SoM text
// and accessibility tree, the prompt and reply, the action's result and settle report — and
// its evaluation check by check. Live episodes refresh on the server's change events. Every
// text is set as text, never parsed as HTML.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const state = {
    sources: { live: false, runs: false, recording: false },
    source: null,
    run: params.get('run'),
    items: [],
    key: params.get('episode') || params.get('task'),
    trajectory: null,
    folder: null,
    step: params.has('step') ? Number(params.get('step')) : null,
    zoom: '1',
    shot: 'som',
    tab: 'list',
    recording: null,
    syncing: false,
  };

  // --- small DOM helpers -------------------------------------------------------------------
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    Object.entries(props || {}).forEach(([key, value]) => {
      if (value === undefined || value === null || value === false) return;
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else if (key === 'dataset') Object.assign(node.dataset, value);
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? '' : value);
    });
    children.flat().forEach((child) => {
      if (child === null || child === undefined || child === false) return;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    });
    return node;
  }
  const encodePath = (path) => path.split('/').map(encodeURIComponent).join('/');
  const plural = (count, noun) => count + ' ' + noun + (count === 1 ? '' : 's');
  async function getJson(url) {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) {
      let message = response.status + ' ' + response.statusText;
      try { message = (await response.json()).message || message; } catch (_) { /* not JSON */ }
      throw new Error(message);
    }
    return response.json();
  }
  async function send(method, url, body) {
    const response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const value = text ? JSON.parse(text) : null;
    if (!response.ok) throw new Error((value && value.message) || response.statusText);
    return value;
  }
  function remember() {
    const query = new URLSearchParams();
    if (state.source === 'runs' && state.run) query.set('run', state.run);
    if (state.key) query.set(state.source === 'live' ? 'episode' : 'task', state.key);
    if (state.step !== null) query.set('step', String(state.step));
    history.replaceState(null, '', '?' + query.toString());
  }

  // --- sources and the list -----------------------------------------------------------------
  function showSources() {
    const box = $('sources');
    box.replaceChildren();
    [['live', 'Live episodes'], ['runs', 'Saved runs']].forEach(([source, label]) => {
      if (!state.sources[source]) return;
      box.append(el('button', {
        class: source === state.source ? 'selected' : '',
        dataset: { source },
        text: label,
        onclick: () => { if (state.source !== source) { state.source = source; state.key = null; loadList(); } },
      }));
    });
    $('run-select').hidden = state.source !== 'runs';
    $('run-report').hidden = state.source !== 'runs' || !state.run;
  }

  async function loadList() {
    showSources();
    try {
      if (state.source === 'live') {
        const episodes = await getJson('/viewer/api/episodes');
        state.items = episodes.map((episode) => ({
          key: episode.id,
          name: episode.task || episode.start_url,
          detail: episode.task ? episode.intent : 'no task · ' + episode.id + ' · started ' + new Date(episode.started_ms).toLocaleTimeString(),
          sites: episode.sites.length ? episode.sites : [siteOf(episode.start_url)],
          status: episode.status,
          score: episode.score,
          steps: episode.steps,
          errors: episode.errors,
          search: [episode.id, episode.task, episode.intent, episode.url, episode.start_url].join(' '),
        }));
      } else if (state.source === 'runs') {
        const runs = await getJson('/viewer/api/runs');
        const select = $('run-select');
        select.replaceChildren(...runs.map((run) => el('option', {
          value: run.id,
          text: run.id + ' — ' + run.passed + '/' + run.tasks + ' passed' + (run.errors ? ', ' + run.errors + ' errors' : '') + (run.setup ? ' (' + run.setup + ')' : ''),
        })));
        if (!runs.some((run) => run.id === state.run)) state.run = runs.length ? runs[0].id : null;
        select.value = state.run || '';
        const report = $('run-report');
        report.hidden = !state.run;
        if (state.run) report.href = '/viewer/runs/' + encodeURIComponent(state.run) + '/report.html';
        const tasks = state.run ? await getJson('/viewer/api/runs/' + encodeURIComponent(state.run) + '/tasks') : [];
        state.items = tasks.map((task) => ({
          key: task.task,
          name: task.task,
          detail: task.intent,
          sites: task.sites,
          status: task.status,
          score: task.score,
          steps: task.steps,
          errors: task.refused_steps + (task.status === 'error' ? 1 : 0),
          folder: task.trajectory,
          stop: task.stop_reason,
          search: [task.task, task.intent, task.error || ''].join(' '),
        }));
      } else {
        state.items = [];
      }
    } catch (error) {
      state.items = [];
      $('count').textContent = 'Could not list: ' + error.message;
      return;
    }
    const sites = [...new Set(state.items.flatMap((item) => item.sites))].filter(Boolean).sort();
    const siteFilter = $('filter-site');
    const chosen = siteFilter.value;
    siteFilter.replaceChildren(el('option', { value: '', text: 'any site' }), ...sites.map((site) => el('option', { value: site, text: site })));
    siteFilter.value = sites.includes(chosen) ? chosen : '';
    renderList();
    if (state.key && state.items.some((item) => item.key === state.key)) {
      if (!state.trajectory) loadTrajectory();
    } else if (state.items.length && !state.key) {
      const first = state.items.find((item) => item.status === 'live') || state.items[0];
      select(first.key);
    }
  }

  function siteOf(url) {
    try { return new URL(url).host; } catch (_) { return ''; }
  }

  function visibleItems() {
    const text = $('filter-text').value.trim().toLowerCase();
    const status = $('filter-status').value;
    const site = $('filter-site').value;
    const errors = $('filter-errors').checked;
    return state.items.filter((item) => (!text || item.search.toLowerCase().includes(text))
      && (!status || item.status === status)
      && (!site || item.sites.includes(site))
      && (!errors || item.errors > 0));
  }

  function renderList() {
    const list = $('list');
    const shown = visibleItems();
    list.replaceChildren(...shown.map((item) => {
      const score = item.score === null || item.score === undefined ? '' : ' ' + item.score.toFixed(2);
      return el('button', {
        class: 'item' + (item.key === state.key ? ' selected' : ''),
        dataset: { key: item.key },
        onclick: () => select(item.key),
      },
      el('div', {}, el('span', { class: 'name', text: item.name }), ' ', el('span', { class: 'badge ' + item.status, text: item.status + score })),
      el('div', { class: 'muted', text: plural(item.steps, 'step') + (item.errors ? ' · ' + item.errors + ' refused or failed' : '') + (item.sites.length ? ' · ' + item.sites.join(', ') : '') }),
      item.detail ? el('div', { class: 'muted', text: item.detail.length > 140 ? item.detail.slice(0, 140) + '…' : item.detail }) : null);
    }));
    $('count').textContent = shown.length + ' of ' + state.items.length + ' shown';
  }

  function select(key) {
    state.key = key;
    state.step = null;
    state.trajectory = null;
    document.querySelectorAll('#list button.item').forEach((button) => button.classList.toggle('selected', button.dataset.key === key));
    loadTrajectory();
  }

  // --- one trajectory -------------------------------------------------------------------------
  function fileUrl(name) {
    if (!name) return null;
    if (state.source === 'live') return '/viewer/api/episodes/' + encodeURIComponent(state.key) + '/files/' + encodeURIComponent(name);
    return '/viewer/runs/' + encodeURIComponent(state.run) + '/' + encodePath(state.folder + '/' + name);
  }

  async function loadTrajectory() {
    const key = state.key;
    if (!key) return;
    let trajectory;
    try {
      if (state.source === 'live') {
        trajectory = await getJson('/viewer/api/episodes/' + encodeURIComponent(key) + '/trajectory');
      } else {
        const item = state.items.find((candidate) => candidate.key === key);
        if (!item) return;
        state.folder = item.folder;
        trajectory = await getJson(fileUrl('trajectory.json'));
      }
    } catch (error) {
      $('empty').hidden = false;
      $('empty').textContent = 'Could not open ' + key + ': ' + error.message;
      $('trace').hidden = true;
      return;
    }
    if (key !== state.key) return;
    const last = trajectory.steps.length;
    const first = state.trajectory === null;
    const atEnd = !first && state.step === state.trajectory.steps.length;
    state.trajectory = trajectory;
    if (first) {
      // A saved task opens at its first action; a live episode at its latest step.
      if (state.step === null || state.step > last) state.step = state.source === 'live' ? last : Math.min(1, last);
    } else if (atEnd || state.step > last) {
      state.step = last;
    }
    if (state.source === 'live' && state.sources.recording) {
      try { state.recording = await getJson('/viewer/api/recordings/' + encodeURIComponent(key)); } catch (_) { state.recording = null; }
    } else {
      state.recording = null;
    }
    render();
  }

  // The observation the agent had after step k (0: the start).
  function shownAfter(k) {
    const steps = state.trajectory.steps;
    for (let index = k; index > 0; index -= 1) {
      const step = steps[index - 1];
      if (step.observation) return step.observation;
      if (step.acted_on) return step.acted_on;
    }
    return state.trajectory.start;
  }
  function actedOn(k) {
    if (k === 0) return state.trajectory.start;
    return state.trajectory.steps[k - 1].acted_on || shownAfter(k - 1);
  }

  function render() {
    const trajectory = state.trajectory;
    const item = state.items.find((candidate) => candidate.key === state.key) || {};
    $('empty').hidden = true;
    $('trace').hidden = false;
    $('title').textContent = trajectory.task || (trajectory.start ? trajectory.start.url : null) || trajectory.episode || state.key;
    const status = item.status || (trajectory.evaluation ? (trajectory.evaluation.outcome.score >= 1 ? 'pass' : 'fail') : 'unscored');
    const score = trajectory.evaluation && trajectory.evaluation.outcome.score !== undefined ? ' ' + Number(trajectory.evaluation.outcome.score).toFixed(2) : '';
    $('badge').className = 'badge ' + status;
    $('badge').textContent = status + score;
    $('intent').textContent = trajectory.intent ? 'Intent: ' + trajectory.intent : 'No task: episode ' + (trajectory.episode || state.key) + ', started at this URL.';
    $('inputs').replaceChildren(...trajectory.input_images.map((name, index) => el('img', {
      src: fileUrl(name), alt: 'input image ' + index, title: 'input image ' + index, onclick: (event) => zoomImage(event.target.src),
    })));
    const refused = trajectory.steps.filter((step) => step.error).length;
    $('summary').textContent = [
      plural(trajectory.steps.length, 'step') + (refused ? ', ' + refused + ' refused or failed' : ''),
      trajectory.answer !== null && trajectory.answer !== undefined ? 'answer: ' + JSON.stringify(trajectory.answer) : null,
      trajectory.stop_reason ? 'ended: ' + trajectory.stop_reason.replace(/_/g, ' ') : (item.stop ? 'ended: ' + item.stop : null),
      trajectory.error ? 'error: ' + trajectory.error : null,
    ].filter(Boolean).join(' · ');
    renderRecorder();
    const timeline = $('timeline');
    timeline.replaceChildren(el('button', { class: 'tick' + (state.step === 0 ? ' selected' : ''), dataset: { step: '0' }, text: 'start', onclick: () => go(0) }),
      ...trajectory.steps.map((step) => el('button', {
        class: 'tick' + (step.error ? ' error' : '') + (state.step === step.number ? ' selected' : ''),
        dataset: { step: String(step.number) },
        title: (step.action || step.reply) + (step.error ? ' — ' + step.error.error : ''),
        text: step.number + '. ' + (step.action || '(no action)'),
        onclick: () => go(step.number),
      })));
    renderStep();
    renderEvaluation();
    remember();
  }

  function go(k) {
    if (!state.trajectory) return;
    state.step = Math.max(0, Math.min(state.trajectory.steps.length, k));
    document.querySelectorAll('#timeline button.tick').forEach((tick) => tick.classList.toggle('selected', Number(tick.dataset.step) === state.step));
    renderStep();
    remember();
  }

  function screenshotOf(observation, kind) {
    if (!observation) return null;
    return kind === 'clean' ? (observation.clean_screenshot || observation.screenshot) : (observation.screenshot || observation.clean_screenshot);
  }

  function boxStyle(box, bbox, viewport) {
    box.style.left = (100 * bbox.x / viewport.width) + '%';
    box.style.top = (100 * bbox.y / viewport.height) + '%';
    box.style.width = (100 * bbox.width / viewport.width) + '%';
    box.style.height = (100 * bbox.height / viewport.height) + '%';
    box.style.display = 'block';
  }

  function renderPane(pane, observation, target, missing) {
    const view = pane.querySelector('.view');
    const facts = pane.querySelector('.facts');
    if (!observation) {
      view.replaceChildren(el('div', { class: 'no-shot', text: missing }));
      facts.replaceChildren();
      return;
    }
    const name = screenshotOf(observation, state.shot);
    if (name) {
      const image = el('img', { src: fileUrl(name), alt: 'screenshot ' + name, onclick: (event) => zoomImage(event.target.src) });
      image.addEventListener('error', () => {
        view.replaceChildren(el('div', { class: 'no-shot', text: 'The screenshot ' + name + ' is no longer kept here (live episodes keep the newest screenshots in memory; recorded trajectories keep them all).' }));
      });
      const width = state.zoom === 'fit' ? '100%' : (observation.viewport.width * Number(state.zoom)) + 'px';
      image.style.width = width;
      const frame = el('div', { class: 'frame' }, image, el('div', { class: 'box target' }), el('div', { class: 'box hover' }));
      frame.style.width = state.zoom === 'fit' ? '100%' : width;
      const element = target !== null && target !== undefined ? observation.elements.find((candidate) => candidate.id === target) : null;
      if (element) {
        boxStyle(frame.querySelector('.box.target'), element.bbox, observation.viewport);
        frame.querySelector('.box.target').dataset.id = String(element.id);
      }
      const scroller = el('div', { class: 'frame-scroll' }, frame);
      view.replaceChildren(scroller);
      // Both panes scroll together, so the same part of the page is compared.
      scroller.addEventListener('scroll', () => {
        if (state.syncing) return;
        state.syncing = true;
        document.querySelectorAll('.frame-scroll').forEach((other) => {
          if (other !== scroller) { other.scrollTop = scroller.scrollTop; other.scrollLeft = scroller.scrollLeft; }
        });
        requestAnimationFrame(() => { state.syncing = false; });
      });
      if (element) {
        // The chosen element in view: centred in the pane once the image has its size.
        const centre = () => {
          const scale = image.clientWidth / observation.viewport.width;
          scroller.scrollTop = Math.max(0, (element.bbox.y + element.bbox.height / 2) * scale - scroller.clientHeight / 2);
          scroller.scrollLeft = Math.max(0, (element.bbox.x + element.bbox.width / 2) * scale - scroller.clientWidth / 2);
        };
        if (image.complete) centre(); else image.addEventListener('load', centre, { once: true });
      }
    } else {
      view.replaceChildren(el('div', { class: 'no-shot', text: 'No screenshot was taken (a text-only observation): the agent read the element list and SoM text below.' }));
    }
    const lines = [
      el('div', {}, el('b', { text: 'URL ' }), observation.url),
      el('div', {}, el('b', { text: 'Title ' }), observation.title),
      el('div', {}, el('b', { text: 'Tabs ' }), observation.tab_header),
    ];
    if (observation.blocked_url) lines.push(el('div', { class: 'error' }, el('b', { text: 'Blocked by Agora ' }), observation.blocked_url));
    (observation.page_errors || []).forEach((error) => lines.push(el('div', { class: 'error' }, el('b', { text: 'Page error ' }), error)));
    (observation.dialogs || []).forEach((dialog) => lines.push(el('div', {}, el('b', { text: 'Dialog (' + dialog.type + ') ' }), dialog.message)));
    lines.push(el('div', { class: 'muted', text: observation.elements.length + ' marked elements · viewport ' + observation.viewport.width + '×' + observation.viewport.height + ' · scrolled to ' + Math.round(observation.scroll.y) + ' of ' + Math.round(observation.scroll.height) }));
    facts.replaceChildren(...lines);
  }

  function describeElement(element) {
    const label = element.name || element.text || element.placeholder || element.value || element.alt || '';
    return '[' + element.id + '] [' + element.tag.toUpperCase() + '] [' + label + ']' + (element.role ? '  ' + element.role : '');
  }

  function renderStep() {
    const k = state.step;
    const trajectory = state.trajectory;
    const step = k > 0 ? trajectory.steps[k - 1] : null;
    const before = actedOn(k);
    const target = step ? step.target : null;
    $('step-label').textContent = k === 0 ? 'start' : 'step ' + k + ' of ' + trajectory.steps.length;
    $('prev').disabled = k === 0;
    $('next').disabled = k === trajectory.steps.length;
    $('before').querySelector('figcaption').textContent = k === 0 ? 'The first observation' : (step.acted_on ? 'Observation the agent acted on (it observed again before this step)' : 'Observation the agent acted on');
    renderPane($('before'), before, target, 'No observation.');
    $('after').hidden = k === 0;
    if (step) {
      renderPane($('after'), step.observation, null, step.error
        ? 'No new observation: the step was refused or failed, and the agent still had the one on the left.'
        : 'No observation after this step (stop ends the episode).');
    }
    renderAction(step, before);
    renderElements(before, target);
    renderPrompt(step, before);
    $('reply-card').hidden = !step;
    $('reply').textContent = step ? step.reply : '';
  }

  function renderAction(step, before) {
    const body = $('action-body');
    if (!step) {
      body.replaceChildren(el('p', { text: 'The task\'s start URLs were opened, settled and observed; this is what the agent saw first.' }));
      return;
    }
    const parts = [el('div', { class: 'action', text: step.action || '(no parsable action in the reply)' })];
    if (step.target !== null && step.target !== undefined) {
      const element = before && before.elements.find((candidate) => candidate.id === step.target);
      parts.push(el('div', { class: element ? '' : 'error', text: element ? 'on ' + describeElement(element) : 'on [' + step.target + '], which the observation acted on did not show' }));
    }
    parts.push(step.error
      ? el('p', { class: 'error' }, el('b', { text: step.error.error }), ': ' + step.error.message)
      : el('p', { text: 'Carried out.' }));
    if (step.settle) {
      const settle = step.settle;
      const rows = [
        ['waited', settle.waited_ms + ' ms' + (settle.settled ? '' : ' (hit the cap)')],
        ['for', settle.waited_for.length ? settle.waited_for.join(', ') : 'nothing'],
        ['DOM quiet', settle.quiet_wait_ms + ' ms'],
      ];
      if (!settle.settled) rows.push(['pending at the cap', settle.pending.join(', ')]);
      if (settle.broken_images && settle.broken_images.length) rows.push(['broken images', settle.broken_images.join(', ')]);
      parts.push(el('h3', { text: 'Settle report' }), el('dl', { class: 'settle' }, rows.flatMap(([term, value]) => [el('dt', { text: term }), el('dd', { text: value })])));
    }
    const timings = step.timings || {};
    parts.push(el('p', { class: 'muted', text: [
      timings.agent_ms !== null && timings.agent_ms !== undefined ? 'agent ' + timings.agent_ms + ' ms' : null,
      'step ' + timings.step_ms + ' ms',
      step.tokens ? step.tokens.prompt_tokens + ' prompt + ' + step.tokens.completion_tokens + ' completion tokens' : null,
    ].filter(Boolean).join(' · ') }));
    body.replaceChildren(...parts);
  }

  function renderElements(observation, target) {
    document.querySelectorAll('#element-tabs button').forEach((button) => button.classList.toggle('selected', button.dataset.tab === state.tab));
    const box = $('elements');
    if (!observation) { box.replaceChildren(); return; }
    if (state.tab === 'som') {
      box.replaceChildren(el('pre', { text: observation.som_text }));
      return;
    }
    if (state.tab === 'axtree') {
      box.replaceChildren(observation.axtree
        ? el('pre', { text: observation.axtree })
        : el('p', { class: 'muted', text: 'Not taken for this observation (observe with "axtree": true, or run with --observation axtree).' }));
      return;
    }
    const hover = () => document.querySelector('#before .box.hover');
    const buttons = observation.elements.map((element) => el('button', {
      class: 'element' + (element.id === target ? ' chosen' : ''),
      dataset: { id: String(element.id) },
      text: describeElement(element),
      onmouseenter: () => { const box = hover(); if (box) { boxStyle(box, element.bbox, observation.viewport); box.dataset.id = String(element.id); } },
      onmouseleave: () => { const box = hover(); if (box) { box.style.display = 'none'; delete box.dataset.id; } },
    }));
    box.replaceChildren(...(buttons.length ? buttons : [el('p', { class: 'muted', text: 'No marked elements.' })]));
    const chosen = box.querySelector('.chosen');
    if (chosen) chosen.scrollIntoView({ block: 'nearest' });
  }

  function renderPrompt(step, before) {
    const card = $('prompt-card');
    if (!step || !step.prompt || !step.prompt.length) { card.hidden = true; return; }
    card.hidden = false;
    const inputs = state.trajectory.input_images;
    $('prompt-body').replaceChildren(...step.prompt.map((message) => {
      const parts = message.content.map((part) => {
        if (part.type === 'text') {
          const text = el('pre', { text: part.text });
          return message.role === 'system' ? el('details', {}, el('summary', { class: 'muted', text: 'system rules (' + part.text.length + ' characters)' }), text) : text;
        }
        if (part.type === 'screenshot') {
          const name = before && (part.kind === 'clean' ? before.clean_screenshot : before.screenshot);
          return name ? el('img', { src: fileUrl(name), alt: part.kind + ' screenshot sent', title: 'the ' + part.kind + ' screenshot of the observation acted on', onclick: (event) => zoomImage(event.target.src) }) : el('div', { class: 'muted', text: '(the screenshot)' });
        }
        if (part.type === 'input_image') {
          return inputs[part.index] ? el('img', { src: fileUrl(inputs[part.index]), alt: 'input image ' + part.index, onclick: (event) => zoomImage(event.target.src) }) : el('div', { class: 'muted', text: '(input image ' + part.index + ')' });
        }
        return el('div', {}, 'image ', el('a', { href: part.url, rel: 'noreferrer', text: part.url }));
      });
      return el('div', { class: 'message' }, el('div', { class: 'role', text: message.role }), parts);
    }));
  }

  // --- the evaluation ---------------------------------------------------------------------------
  function marked(text, expected) {
    // The expected text (or its |OR| alternatives) highlighted in the observed one.
    const needles = String(expected).split(' |OR| ').map((needle) => needle.trim()).filter((needle) => needle.length > 0);
    const lower = text.toLowerCase();
    const nodes = [];
    let at = 0;
    while (at < text.length) {
      let best = null;
      needles.forEach((needle) => {
        const found = lower.indexOf(needle.toLowerCase(), at);
        if (found >= 0 && (best === null || found < best[0])) best = [found, needle.length];
      });
      if (!best) break;
      nodes.push(text.slice(at, best[0]), el('mark', { text: text.slice(best[0], best[0] + best[1]) }));
      at = best[0] + Math.max(best[1], 1);
    }
    nodes.push(text.slice(at));
    return nodes;
  }

  function urlPair(expected, actual) {
    const reference = expected.split(' |OR| ')[0];
    let same = 0;
    while (same < reference.length && same < actual.length && reference[same] === actual[same]) same += 1;
    if (same === actual.length && same === reference.length) return el('div', { text: actual });
    // The part the two URLs share is dimmed; where the page's URL departs is marked.
    return el('div', { class: 'url-diff' },
      el('div', {}, el('span', { class: 'same', text: actual.slice(0, same) }), el('span', { class: 'differs', text: actual.slice(same) })));
  }

  function renderEvaluation() {
    const evaluation = state.trajectory.evaluation;
    const section = $('evaluation');
    section.hidden = !evaluation;
    if (!evaluation) return;
    const outcome = evaluation.outcome;
    const checks = evaluation.evaluators.flatMap((report) => report.checks);
    const failed = checks.filter((check) => check.status !== 'pass').length;
    $('evaluation-summary').textContent = '— ' + (outcome.score !== undefined ? 'score ' + Number(outcome.score).toFixed(2) : (typeof outcome === 'string' ? outcome.replace(/_/g, ' ') : JSON.stringify(outcome)))
      + ' · ' + plural(checks.length, 'check') + (failed ? ', ' + failed + ' not passed' : ', all passed') + ' · ' + evaluation.mode + ' mode';
    const rows = [];
    evaluation.evaluators.forEach((report) => {
      report.checks.forEach((check) => {
        const actual = [];
        if (check.kind === 'url_match') actual.push(urlPair(check.expected, check.actual));
        else actual.push(el('div', {}, marked(check.actual, check.expected)));
        if (check.excerpt) {
          const end = check.excerpt.start + [...check.actual].length;
          actual.push(el('div', { class: 'muted', text: 'characters ' + check.excerpt.start + '–' + end + ' of ' + check.excerpt.total + (check.excerpt.found ? ', around the expected text' : '; the expected text is not in it') }));
        }
        if (check.images) {
          actual.push(el('div', { class: 'pair' },
            el('figure', {}, el('img', { src: check.images.page_thumbnail, alt: 'page image' }), el('figcaption', { text: 'page: ' + check.images.page_image })),
            el('figure', {}, el('img', { src: check.images.reference_thumbnail, alt: 'reference image' }), el('figcaption', { text: 'reference: ' + check.images.reference }))));
        }
        const result = check.status.replace(/_/g, ' ') + (check.reason ? ': ' + check.reason : '');
        rows.push(el('tr', { class: 'check ' + check.status, dataset: { status: check.status, kind: check.kind } },
          el('td', { text: report.eval_type }), el('td', { text: check.kind.replace(/_/g, ' ') }), el('td', { class: 'result', text: result }),
          el('td', { class: 'text', text: check.expected }), el('td', { class: 'text' }, actual)));
      });
    });
    $('checks').tBodies[0].replaceChildren(...rows);
  }

  // --- recording a gold path --------------------------------------------------------------------
  function renderRecorder() {
    const recording = state.recording;
    $('record-gold').hidden = !(state.sources.recording && state.trajectory && state.trajectory.task && !recording);
    $('recorder').hidden = !recording;
    if (!recording) return;
    $('record-steps').replaceChildren(...recording.steps.map((step) => el('li', { text: JSON.stringify(step) })));
    $('record-save').disabled = !recording.finished || !recording.file;
    $('record-save').title = recording.file ? 'writes agora.gold into ' + recording.file : 'this task has no file of its own: copy the steps';
  }

  async function startRecording() {
    const task = state.trajectory && state.trajectory.task;
    if (!task) return;
    try {
      const view = await send('POST', '/viewer/api/recordings', { task });
      state.source = 'live';
      state.key = view.episode_id;
      state.trajectory = null;
      state.step = null;
      await loadList();
      await loadTrajectory();
      $('record-message').textContent = 'Recording in episode ' + view.episode_id + '.';
    } catch (error) {
      $('summary').textContent = 'Could not start recording: ' + error.message;
    }
  }

  async function recordAction() {
    const input = $('record-action');
    const action = input.value.trim();
    if (!action || !state.recording) return;
    $('record-message').textContent = 'Acting…';
    try {
      state.recording = await send('POST', '/viewer/api/recordings/' + encodeURIComponent(state.recording.episode_id) + '/act', { action });
      input.value = '';
      $('record-message').textContent = 'Recorded: ' + JSON.stringify(state.recording.steps[state.recording.steps.length - 1]);
      state.step = null;
      await loadTrajectory();
    } catch (error) {
      $('record-message').textContent = 'Not recorded: ' + error.message;
    }
  }

  async function saveRecording() {
    if (!state.recording) return;
    $('record-message').textContent = 'Saving and proving the path…';
    try {
      const saved = await send('POST', '/viewer/api/recordings/' + encodeURIComponent(state.recording.episode_id) + '/save');
      state.recording = null;
      renderRecorder();
      $('summary').textContent = 'Saved the gold path to ' + saved.file + ' — ' + (saved.passed ? 'proven: ' : 'NOT proven: ') + saved.check;
    } catch (error) {
      $('record-message').textContent = 'Not saved: ' + error.message;
    }
  }

  async function discardRecording() {
    if (!state.recording) return;
    try { await send('DELETE', '/viewer/api/recordings/' + encodeURIComponent(state.recording.episode_id)); } catch (_) { /* gone already */ }
    state.recording = null;
    renderRecorder();
  }

  // --- zoom, controls, events ---------------------------------------------------------------------
  function zoomImage(src) {
    const overlay = $('zoomed');
    overlay.replaceChildren(el('img', { src, alt: 'full size' }));
    overlay.style.display = 'block';
  }
  $('zoomed').addEventListener('click', () => { $('zoomed').style.display = 'none'; });
  $('prev').addEventListener('click', () => go(state.step - 1));
  $('next').addEventListener('click', () => go(state.step + 1));
  $('zoom').addEventListener('change', (event) => { state.zoom = event.target.value; renderStep(); });
  $('shot-kind').addEventListener('change', (event) => { state.shot = event.target.value; renderStep(); });
  document.querySelectorAll('#element-tabs button').forEach((button) => button.addEventListener('click', () => {
    state.tab = button.dataset.tab;
    const k = state.step;
    renderElements(actedOn(k), k > 0 ? state.trajectory.steps[k - 1].target : null);
  }));
  ['filter-text', 'filter-status', 'filter-site', 'filter-errors'].forEach((id) => {
    $(id).addEventListener('input', renderList);
    $(id).addEventListener('change', renderList);
  });
  $('run-select').addEventListener('change', (event) => { state.run = event.target.value; state.key = null; state.trajectory = null; loadList(); });
  $('record-gold').addEventListener('click', startRecording);
  $('record-act').addEventListener('click', recordAction);
  $('record-action').addEventListener('keydown', (event) => { if (event.key === 'Enter') recordAction(); });
  $('record-save').addEventListener('click', saveRecording);
  $('record-discard').addEventListener('click', discardRecording);
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, select, textarea') || !state.trajectory) return;
    if (event.key === 'ArrowLeft') go(state.step - 1);
    if (event.key === 'ArrowRight') go(state.step + 1);
    if (event.key === 'Escape') $('zoomed').style.display = 'none';
  });

  async function start() {
    try {
      state.sources = await getJson('/viewer/api/sources');
    } catch (error) {
      $('empty').textContent = 'The debugger could not start: ' + error.message;
      return;
    }
    if (params.get('run') && state.sources.runs) state.source = 'runs';
    else if (state.sources.live) state.source = 'live';
    else if (state.sources.runs) state.source = 'runs';
    await loadList();
    if (state.sources.live) {
      const events = new EventSource('/viewer/events');
      events.addEventListener('change', (event) => {
        if (state.source !== 'live') return;
        loadList();
        if (event.data === state.key || event.data === '*') loadTrajectory();
      });
    }
  }
  start();
})();
