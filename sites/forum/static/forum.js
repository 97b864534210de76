// The forum's page script, as Postmill's: votes are cast in place (a fetch to `<action>.json`,
// then the score, the arrows and the form's class change on the page) and the "Reply" links
// open their comment's reply form where it is. Without the script every control still works:
// a vote form posts and comes back to its page, and a reply link shows its form by its
// fragment (`.comment__reply-form:target` in the stylesheet).
(() => {
  // The vote form's class for each choice: exactly Postmill's, which evaluators compare.
  const VOTE_CLASS = { 1: 'vote vote--user-upvoted', '-1': 'vote vote--user-downvoted', 0: 'vote' };
  const voting = new WeakSet();

  const showVote = (form, { netScore, userVote }) => {
    form.setAttribute('class', VOTE_CLASS[userVote] || VOTE_CLASS[0]);
    form.querySelector('.vote__net-score').textContent = String(netScore);
    const up = form.querySelector('.vote__up');
    const down = form.querySelector('.vote__down');
    const name = (button, retract, label) => {
      button.title = retract ? `Retract ${label.toLowerCase()}` : label;
      button.setAttribute('aria-label', button.title);
    };
    up.value = userVote === 1 ? '0' : '1';
    name(up, userVote === 1, 'Upvote');
    down.value = userVote === -1 ? '0' : '-1';
    name(down, userVote === -1, 'Downvote');
  };

  // When the vote cannot be cast in place (logged out, a stale token, the server away), the
  // form posts as it would without the script, so the page that follows says what happened.
  const postPlainly = (form, choice) => {
    const field = document.createElement('input');
    field.type = 'hidden';
    field.name = 'choice';
    field.value = choice;
    form.append(field);
    form.submit();
  };

  document.addEventListener('submit', (event) => {
    const form = event.target;
    const button = event.submitter;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains('vote') ||
        !button || button.name !== 'choice') return;
    event.preventDefault();
    if (voting.has(form)) return;
    voting.add(form);
    const choice = button.value;
    const body = new URLSearchParams(new FormData(form));
    body.set('choice', choice);
    fetch(`${form.action}.json`, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    })
      .then((response) => {
        const json = (response.headers.get('content-type') || '').startsWith('application/json');
        if (!response.ok || !json) throw new Error(`the vote was answered with ${response.status}`);
        return response.json();
      })
      .then((vote) => showVote(form, vote))
      .catch(() => postPlainly(form, choice))
      .finally(() => voting.delete(form));
  });

  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('.comment__reply-link') : null;
    const form = link && document.getElementById(link.getAttribute('aria-controls'));
    if (!form) return;
    event.preventDefault();
    const open = form.hidden;
    form.hidden = !open;
    link.setAttribute('aria-expanded', String(open));
    if (open) form.querySelector('textarea').focus({ preventScroll: true });
  });
})();
