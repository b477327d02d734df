// The live board: on every change of the ledger (told by the server's event stream), each
// element with a data-live address is replaced by what that address gives. Without
// JavaScript the pages still work (plain forms); they only do not follow the ledger.
"use strict";
(function () {
  var parts = document.querySelectorAll("[data-live]");
  if (!parts.length || !window.EventSource || !window.fetch) {
    return;
  }
  var busy = false;
  var again = false;
  var updates = 0;

  function load(part) {
    return fetch(part.getAttribute("data-live"), { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      if (!response.ok) {
        return null;
      }
      var state = response.headers.get("x-game-state");
      if (state && document.body.getAttribute("data-state") && state !== document.body.getAttribute("data-state")) {
        window.location.reload(); // the game ended or opened again: its form comes or goes
        return null;
      }
      return response.text().then(function (html) {
        part.innerHTML = html;
      });
    });
  }

  function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    Promise.all(Array.prototype.map.call(parts, load)).catch(function () {}).then(function () {
      updates += 1;
      document.body.setAttribute("data-updates", String(updates));
      busy = false;
      if (again) {
        again = false;
        refresh();
      }
    });
  }

  var opened = 0;
  var source = new EventSource("/events");
  source.onmessage = refresh;
  source.onopen = function () {
    opened += 1;
    document.body.setAttribute("data-following", "yes");
    if (opened > 1) {
      refresh(); // back after a break: what changed meanwhile was not told
    }
  };
})();
