const stories = {
  'event-2016': 'The cart was painted yellow and parked outside the station every Saturday.',
  'event-2018': 'Mill Lane had room for a tasting counter and a small observation hive.',
  'event-2021': 'The co-op shares extraction machines and a label printer.',
  'event-2024': 'Shops now stock five seasonal blends and a winter comb honey.',
};
for (const [id, story] of Object.entries(stories)) {
  document.getElementById(id).addEventListener('click', () => {
    document.querySelectorAll('.event').forEach((event) => event.classList.toggle('active', event.id === id));
    document.getElementById('detail').textContent = story;
  });
}
