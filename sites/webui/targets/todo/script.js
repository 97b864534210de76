const list = document.getElementById('todo-list');
const input = document.getElementById('new-todo');
function updateCount() {
  const left = list.querySelectorAll('li:not(.done)').length;
  document.getElementById('count').textContent = `${left} ${left === 1 ? 'task' : 'tasks'} left`;
}
document.getElementById('add-todo').addEventListener('click', () => {
  const text = input.value.trim();
  if (!text) return;
  const item = document.createElement('li');
  item.textContent = text;
  item.dataset.filterBy = 'text';
  item.dataset.evalby = 'text color text-decoration-line';
  list.appendChild(item);
  input.value = '';
  updateCount();
});
list.addEventListener('click', (event) => {
  if (event.target.tagName === 'LI') {
    event.target.classList.toggle('done');
    updateCount();
  }
});
