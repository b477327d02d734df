// The page that asks for the board's token: the address 'ginscore serve --lan' printed carries
// it after '#', which no browser sends to a server. This script takes it out of the address
// (and so out of the history), trades it for the board's cookie, then opens the page asked for.
// Without JavaScript, the token is typed into the form instead.
"use strict";
(function () {
  var found = /(?:^#|&)token=([^&]*)/.exec(window.location.hash);
  if (!found || !window.fetch || !window.URLSearchParams) {
    return;
  }
  var place = window.location.pathname + window.location.search;
  window.history.replaceState(null, "", place);
  var fields = new URLSearchParams();
  fields.set("token", decodeURIComponent(found[1]));
  fields.set("next", window.location.pathname);
  fetch("/enter", { method: "POST", body: fields, credentials: "same-origin", redirect: "manual" }).then(function () {
    window.location.replace(place);
  });
})();
