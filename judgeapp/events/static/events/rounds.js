// The round clock: counts down to the end the server gave (corrected for this machine's
// clock), follows a start or stop from the staff by asking the round every 15 s, and on
// the projector moves on to the next round's pairings as soon as they are out.
(function () {
  "use strict";
  const clock = document.getElementById("clock");
  if (!clock) { return; }
  const time = document.getElementById("clock-time");
  const state = document.getElementById("clock-state");
  const offset = Date.parse(clock.dataset.now) - Date.now();
  let ends = clock.dataset.ends ? Date.parse(clock.dataset.ends) : null;
  let minutes = Number(clock.dataset.minutes);
  const pad = function (n) { return String(n).padStart(2, "0"); };

  const show = function () {
    if (ends === null) {
      time.textContent = minutes + ":00";
      state.textContent = "not started";
      clock.classList.remove("over");
      return;
    }
    const left = Math.round((ends - (Date.now() + offset)) / 1000);
    const whole = Math.abs(left);
    const text = Math.floor(whole / 60) + ":" + pad(whole % 60);
    time.textContent = left >= 0 ? text : "+" + text;
    state.textContent = left >= 0 ? "remaining" : "over time";
    clock.classList.toggle("over", left < 0);
  };

  const follow = function () {
    const get = function (url) {
      return fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); });
    };
    get(clock.dataset.url).then(function (round) {
      ends = round.clock.ends ? Date.parse(round.clock.ends) : null;
      minutes = round.clock.minutes;
      show();
    }).catch(function () { return null; });
    if (document.getElementById("projector")) {
      get(clock.dataset.roundsUrl).then(function (rounds) {
        const latest = rounds.length ? rounds[rounds.length - 1].number : 0;
        if (latest > Number(clock.dataset.round)) {
          window.location.assign(window.location.pathname.replace(/\/rounds\/\d+\//, "/rounds/" + latest + "/"));
        }
      }).catch(function () { return null; });
    }
  };

  show();
  window.setInterval(show, 1000);
  window.setInterval(follow, 15000);
})();
