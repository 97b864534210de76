const input = document.getElementById('message-input');
document.getElementById('send-button').addEventListener('click', () => {
  const text = input.value.trim();
  if (!text) return;
  const bubble = document.createElement('p');
  bubble.className = 'bubble me';
  bubble.textContent = text;
  bubble.dataset.filterBy = 'text';
  bubble.dataset.evalby = 'text color background-color border-radius';
  document.getElementById('messages').appendChild(bubble);
  input.value = '';
});
