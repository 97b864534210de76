const slides = [
  { name: 'monday', title: 'Monday: fresh sourdough', text: 'Loaves out of the oven at 8, while they last.' },
  { name: 'tuesday', title: 'Tuesday: garden soup', text: 'Leek and potato with herbs from our own beds.' },
  { name: 'wednesday', title: 'Wednesday: quiz night', text: 'Teams of four, from 7 pm, prizes from the bakery.' },
];
let current = 0;
function show(index) {
  current = (index + slides.length) % slides.length;
  const slide = slides[current];
  document.getElementById('slide').className = `slide ${slide.name}`;
  document.getElementById('slide-title').textContent = slide.title;
  document.getElementById('slide-text').textContent = slide.text;
  document.getElementById('slide-count').textContent = `${current + 1} / ${slides.length}`;
}
document.getElementById('next-slide').addEventListener('click', () => show(current + 1));
document.getElementById('prev-slide').addEventListener('click', () => show(current - 1));
