// The ruling form's pickers: search the rules lookup or the card database as you type and
// add the chosen section id or card address as a line of the field it serves.
(function () {
  "use strict";
  document.querySelectorAll(".picker").forEach(function (picker) {
    const input = picker.querySelector("input");
    const list = picker.querySelector(".pick-results");
    const target = document.getElementById(picker.dataset.target);
    const rules = picker.dataset.kind === "rules";
    let timer = null;
    let asked = 0;

    const add = function (line) {
      const lines = target.value.split("\n").map(function (l) { return l.trim(); }).filter(Boolean);
      if (lines.indexOf(line) < 0) { lines.push(line); }
      target.value = lines.join("\n");
    };

    const render = function (results) {
      list.replaceChildren();
      results.slice(0, 8).forEach(function (result) {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "pick";
        button.textContent = "+ " + (rules ? (result.number ? result.number + " " : "") + result.title + " (" + result.doc + ")"
                                           : result.full_title + " · " + result.type);
        button.dataset.line = rules ? result.id : result.url;
        button.addEventListener("click", function () { add(button.dataset.line); });
        item.appendChild(button);
        list.appendChild(item);
      });
    };

    const search = function () {
      const q = input.value.trim();
      if (q.length < 2) { list.replaceChildren(); return; }
      const mine = ++asked;
      const url = picker.dataset.api + "?" + new URLSearchParams(rules ? { q: q, limit: 8 } : { q: q, page_size: 8 });
      fetch(url, { headers: { Accept: "application/json" } })
        .then(function (response) { return response.ok ? response.json() : { results: [] }; })
        .then(function (body) { if (mine === asked) { render(body.results || []); } })
        .catch(function () { list.replaceChildren(); });
    };

    input.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(search, 250);
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); search(); }
    });
  });
})();
