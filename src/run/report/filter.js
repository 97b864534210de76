// Filters of the report's task table: rows (and their trajectories) are shown when they match
// every chosen site, evaluator type, difficulty and result. Opened from disk, the debugger
// links point at `agora view`'s default address. Screenshots open at full size when clicked.
(function () {
  if (location.protocol === 'file:') {
    document.querySelectorAll('a.debug').forEach((link) => {
      link.href = 'http://127.0.0.1:8400' + link.getAttribute('href');
      link.title = 'needs `agora view` on this run';
    });
  }
  const select = (id) => document.getElementById(id);
  const filters = [
    [select('filter-site'), 'sites'],
    [select('filter-eval'), 'evals'],
    [select('filter-difficulty'), 'difficulty'],
    [select('filter-result'), 'result'],
  ];
  function apply() {
    let shown = 0;
    const rows = document.querySelectorAll('#tasks tbody tr');
    rows.forEach((row) => {
      const visible = filters.every(([control, key]) => {
        const wanted = control.value;
        return !wanted || row.dataset[key].split(' ').includes(wanted);
      });
      row.hidden = !visible;
      const anchor = row.querySelector('a');
      const details = anchor && document.getElementById(anchor.getAttribute('href').slice(1));
      if (details) details.hidden = !visible;
      if (visible) shown += 1;
    });
    select('shown').textContent = shown + ' of ' + rows.length + ' tasks shown';
  }
  // A step's screenshot opens at full size.
  document.addEventListener('click', (event) => {
    const image = event.target.closest('table.steps img, .inputs img');
    if (image) window.open(image.src, '_blank', 'noopener');
  });
  filters.forEach(([control]) => control.addEventListener('change', apply));
  apply();
})();
