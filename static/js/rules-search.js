(function () {
  const items = Array.from(document.querySelectorAll('#results li[data-url]'));
  let current = -1;
  function select(i) {
    if (!items.length) return;
    current = Math.max(0, Math.min(items.length - 1, i));
    items.forEach((el, n) => el.classList.toggle('active', n === current));
    items[current].scrollIntoView({block: 'nearest'});
    items[current].querySelector('a').focus({preventScroll: true});
  }
  document.addEventListener('keydown', function (e) {
    const typing = e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT';
    if (e.key === '/' && !typing) { e.preventDefault(); document.getElementById('q').focus(); return; }
    if ((e.key === 'ArrowDown' || (e.key === 'j' && !typing))) { e.preventDefault(); select(current + 1); }
    else if ((e.key === 'ArrowUp' || (e.key === 'k' && !typing))) { e.preventDefault(); select(current - 1); }
    else if (e.key === 'Enter' && !typing && current >= 0) { window.location = items[current].dataset.url; }
  });
})();
