document.querySelectorAll('.question').forEach((question) => {
  question.addEventListener('click', () => {
    const item = question.parentElement;
    const opening = !item.classList.contains('open');
    document.querySelectorAll('.item').forEach((other) => other.classList.remove('open'));
    item.classList.toggle('open', opening);
  });
});
