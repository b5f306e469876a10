/* Rules lookup pages: keyboard navigation of search results.  Loaded as a file so
   the pages need no inline script (the "what changed" toggle is a <details>). */
(function () {
  "use strict";

  function searchKeys() {
    var items = Array.prototype.slice.call(document.querySelectorAll("#results li[data-url]"));
    var box = document.getElementById("q");
    if (!box) { return; }
    var current = -1;
    function select(i) {
      if (!items.length) { return; }
      current = Math.max(0, Math.min(items.length - 1, i));
      items.forEach(function (el, n) { el.classList.toggle("active", n === current); });
      items[current].scrollIntoView({block: "nearest"});
      items[current].querySelector("a").focus({preventScroll: true});
    }
    document.addEventListener("keydown", function (e) {
      var typing = e.target.tagName === "INPUT" || e.target.tagName === "SELECT";
      if (e.key === "/" && !typing) { e.preventDefault(); box.focus(); return; }
      if (e.key === "ArrowDown" || (e.key === "j" && !typing)) { e.preventDefault(); select(current + 1); }
      else if (e.key === "ArrowUp" || (e.key === "k" && !typing)) { e.preventDefault(); select(current - 1); }
      else if (e.key === "Enter" && !typing && current >= 0) { window.location = items[current].dataset.url; }
    });
  }

  document.addEventListener("DOMContentLoaded", function () { searchKeys(); });
})();
