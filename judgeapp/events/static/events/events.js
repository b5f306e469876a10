// Event pages: the Check all progress bar follows its task until done, then the page
// reloads to show the new verdicts; the problem filter applies as soon as it changes; a form
// with data-confirm (a drop) asks first.
(function () {
  "use strict";
  const run = document.getElementById("run");
  if (run && run.dataset.state !== "done") {
    const bar = document.getElementById("run-progress");
    const status = document.getElementById("run-status");
    const poll = function () {
      fetch(run.dataset.url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); })
        .then(function (task) {
          bar.max = Math.max(task.total, 1);
          bar.value = task.done;
          run.dataset.state = task.state;
          if (task.state === "done") {
            status.textContent = "Checked " + task.done + " of " + task.total + ": reloading";
            window.location.reload();
          } else {
            status.textContent = "Checking: " + task.done + " of " + task.total;
            window.setTimeout(poll, 500);
          }
        })
        .catch(function () { window.setTimeout(poll, 2000); });
    };
    window.setTimeout(poll, 300);
  }
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.dataset.confirm)) { event.preventDefault(); }
    });
  });
  const filter = document.getElementById("code-filter");
  if (filter) {
    filter.addEventListener("change", function () { filter.form.submit(); });
  }
})();
