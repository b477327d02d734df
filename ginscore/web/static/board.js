// The live board: on every change of the ledger (told by the server's event stream), each
// element with a data-live address is replaced by what that address gives. When the stream
// breaks, the page says so plainly (what it shows may be old) and follows again by itself.
// Without JavaScript the pages still work (plain forms); they only do not follow the ledger.
"use strict";
(function () {
  if (/(^#|&)token=/.test(window.location.hash)) {
    window.history.replaceState(null, "", window.location.pathname + window.location.search); // out of the history
  }
  // a Rummy hand: the player who went out held nothing, so his own field is not asked for
  function heldFollowsPlayer(form) {
    var chosen = form.querySelector("input[name=player]:checked");
    Array.prototype.forEach.call(form.querySelectorAll("label[data-player]"), function (field) {
      field.hidden = chosen !== null && field.getAttribute("data-player") === chosen.value;
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("form.hand"), function (form) {
    form.addEventListener("change", function () { heldFollowsPlayer(form); });
    heldFollowsPlayer(form);
  });
  // a form sent once: a second press of Enter on a slow link sends nothing (the server knows
  // the form's key anyway, and records nothing twice)
  Array.prototype.forEach.call(document.querySelectorAll("form[method=post]"), function (form) {
    form.addEventListener("submit", function (event) {
      if (form.getAttribute("data-sent") === "yes") {
        event.preventDefault();
        return;
      }
      form.setAttribute("data-sent", "yes");
    });
  });
  var parts = document.querySelectorAll("[data-live]");
  if (!parts.length || !window.EventSource || !window.fetch) {
    return;
  }
  var busy = false;
  var again = false;
  var updates = 0;
  var opened = 0;
  var source = null;
  var retry = null;
  var RETRY_MS = 2000;

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

  // which note shows: "lost" (the stream broke), "token" (the board refuses this phone), or none
  function stale(which) {
    Array.prototype.forEach.call(document.querySelectorAll("[data-stale]"), function (note) {
      note.hidden = note.getAttribute("data-stale") !== which;
    });
    document.body.setAttribute("data-following", which ? "no" : "yes");
  }

  function follow() {
    source = new EventSource("/events");
    source.onmessage = refresh;
    source.onopen = function () {
      opened += 1;
      stale(null);
      if (opened > 1) {
        refresh(); // back after a break: what changed meanwhile was not told
      }
    };
    source.onerror = function () {
      var broken = source;
      stale("lost");
      // why: a refused token (401, 403) needs the phone's owner; anything else passes
      fetch(parts[0].getAttribute("data-live"), { credentials: "same-origin", cache: "no-store" }).then(function (response) {
        if (broken.readyState !== EventSource.OPEN && (response.status === 401 || response.status === 403)) {
          stale("token");
        }
      }).catch(function () {});
      // the browser tries again by itself after a broken connection, not after an answer
      // that is no stream (a refusal, a server stopping): then this page does
      if (broken.readyState === EventSource.CLOSED && retry === null) {
        broken.close();
        retry = window.setTimeout(function () {
          retry = null;
          follow();
        }, RETRY_MS);
      }
    };
  }
  follow();
})();
