// The projector: the printed board with every token, whose turn it is, where everyone is and
// the last moves, all as the host says them in the teacher's language.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  let ws = null, code = snl.code(), watching = false;

  function connect() {
    ws = snl.socket("/watch", receive, () => { if (watching) setTimeout(connect, 1000); });
    ws.onopen = () => {
      snl.send(ws, { type: "hello", lang: "en" });
      if (code) snl.send(ws, { type: "join", code: code, name: "", lang: "en" });
    };
  }
  function receive(message) {
    if (message.type === "labels") {
      snl.label(message.labels || {}, message);
      $("board-image").alt = String((message.labels || {}).board || "");
      $("join").hidden = Boolean(code);
    } else if (message.type === "refused") {
      $("refused").textContent = String(message.text || "");
      $("join").hidden = false;
    } else if (message.type === "line") {
      watching = true;
      $("join").hidden = true;
      $("view").hidden = false;
      snl.line($("moves"), message.text, 8);
    } else if (message.type === "board") {
      board(message);
    }
  }
  function board(message) {
    const layer = $("tokens"), off = [];
    layer.replaceChildren();
    const onSquare = {}, where = [];
    for (const token of message.tokens || []) {
      const element = document.createElement("span");
      element.className = "token";
      element.textContent = String(token.place);
      // Heard by its player's name; seen by its number, which the list below gives too.
      element.setAttribute("role", "img");
      element.setAttribute("aria-label", String(token.name || ""));
      element.dataset.seat = String(token.seat);
      element.dataset.square = String(token.square);
      if (Array.isArray(token.at)) {
        const n = onSquare[token.square] = (onSquare[token.square] || 0) + 1;
        const shift = (n - 1) * 1.2;  // tokens sharing a square sit side by side
        element.style.left = "calc(" + (token.at[0] * 100) + "% + " + shift + "rem)";
        element.style.top = (token.at[1] * 100) + "%";
        layer.append(element);
      } else {
        off.push(element);
      }
      const li = document.createElement("li"), key = document.createElement("span");
      key.className = "key";
      key.textContent = String(token.place);
      li.append(key, " " + String(token.where || ""));
      where.push(li);
    }
    $("start").replaceChildren(...off);
    $("board-image").alt = String(message.alt || "");
    $("turn").textContent = String(message.turn || "");
    $("where").replaceChildren(...where);
  }
  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    code = $("code").value;
    snl.send(ws, { type: "join", code: code, name: "", lang: "en" });
  });
  connect();
})();
