// The live viewer: lists episodes, shows one (screenshot, element list with box highlighting,
// action history) and refreshes whatever the server says changed (server-sent events).
(function () {
  const byId = (id) => document.getElementById(id);
  const api = '/viewer/api/episodes';
  let selected = new URLSearchParams(location.search).get('episode');

  function text(tag, content, className) {
    const element = document.createElement(tag);
    element.textContent = content;
    if (className) element.className = className;
    return element;
  }

  async function loadList() {
    const response = await fetch(api);
    if (!response.ok) return;
    const episodes = await response.json();
    // Update the list in place: a button that stays keeps its focus, hover and identity.
    const list = byId('episodes');
    const shown = new Map([...list.querySelectorAll('button.episode')].map((b) => [b.dataset.id, b]));
    episodes.forEach((episode) => {
      let button = shown.get(episode.id);
      shown.delete(episode.id);
      if (!button) {
        button = document.createElement('button');
        button.dataset.id = episode.id;
        button.addEventListener('click', () => select(episode.id));
      }
      button.className = 'episode' + (episode.id === selected ? ' selected' : '');
      const lines = [text('div', episode.task || episode.id),
        text('div', (episode.live ? 'live' : 'closed') + ' · ' + episode.steps + ' steps',
          episode.live ? 'live' : 'closed')];
      if (episode.intent) lines.push(text('div', episode.intent, 'muted'));
      button.replaceChildren(...lines);
      list.append(button);
    });
    shown.forEach((button) => button.remove());
    if (!selected && episodes.length) select((episodes.find((e) => e.live) || episodes[0]).id);
  }

  function select(id) {
    selected = id;
    history.replaceState(null, '', '?episode=' + encodeURIComponent(id));
    document.querySelectorAll('button.episode').forEach((button) =>
      button.classList.toggle('selected', button.dataset.id === id));
    loadEpisode();
  }

  function showBox(element, viewport) {
    const box = byId('highlight');
    const scale = byId('screenshot').clientWidth / viewport.width;
    box.style.left = element.bbox.x * scale + 'px';
    box.style.top = element.bbox.y * scale + 'px';
    box.style.width = element.bbox.width * scale + 'px';
    box.style.height = element.bbox.height * scale + 'px';
    box.style.display = 'block';
    box.dataset.id = element.id;
  }

  function hideBox() {
    byId('highlight').style.display = 'none';
    delete byId('highlight').dataset.id;
  }

  function settleText(settle) {
    if (!settle) return '';
    const waited = settle.waited_for.length ? settle.waited_for.join(', ') : 'nothing';
    const pending = settle.settled ? '' : '; pending at the cap: ' + settle.pending.join(', ');
    return settle.waited_ms + ' ms for ' + waited + pending;
  }

  async function loadEpisode() {
    if (!selected) return;
    const response = await fetch(api + '/' + encodeURIComponent(selected));
    if (!response.ok) return;
    const episode = await response.json();
    byId('empty').hidden = true;
    byId('episode').hidden = false;
    byId('title').textContent = (episode.task || episode.id) + (episode.live ? ' (live)' : ' (closed)');
    byId('intent').textContent = episode.intent || '—';
    byId('where').textContent = (episode.title || '') + ' · ' + (episode.url || '');
    const inputs = byId('inputs');
    inputs.replaceChildren();
    for (let index = 0; index < episode.input_images; index += 1) {
      const image = document.createElement('img');
      image.src = api + '/' + encodeURIComponent(episode.id) + '/input_images/' + index;
      image.alt = 'input image ' + index;
      inputs.append(image);
    }
    const screenshot = byId('screenshot');
    screenshot.hidden = !episode.screenshot;
    if (episode.screenshot) {
      screenshot.src = api + '/' + encodeURIComponent(episode.id) + '/screenshot?step=' + episode.steps.length;
    }
    hideBox();
    const elements = byId('elements');
    elements.replaceChildren();
    episode.elements.forEach((element) => {
      const label = element.name || element.text || element.placeholder || element.value || '';
      const button = text('button', '[' + element.id + '] [' + element.tag.toUpperCase() + '] [' + label + ']', 'element');
      button.dataset.id = element.id;
      button.addEventListener('mouseenter', () => showBox(element, episode.viewport));
      button.addEventListener('mouseleave', hideBox);
      elements.append(button);
    });
    const rows = byId('history').tBodies[0];
    rows.replaceChildren();
    episode.steps.forEach((step, index) => {
      const row = document.createElement('tr');
      row.append(text('td', String(index + 1)), text('td', step.action),
        text('td', step.error || '', 'error'), text('td', settleText(step.settle), 'muted'),
        text('td', step.url, 'muted'));
      rows.append(row);
    });
  }

  const events = new EventSource('/viewer/events');
  events.addEventListener('change', (event) => {
    loadList();
    if (event.data === selected || event.data === '*') loadEpisode();
  });
  loadList().then(loadEpisode);
})();
