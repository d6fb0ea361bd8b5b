// The projector: the printed board with every token, whose turn it is, where everyone is and
// the last moves, all as the host says them in the teacher's language.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const fromAddress = snl.code();  // null: the address's #code could not be read
  let ws = null, code = fromAddress || "", watching = false, then = null;

  // The table lets a socket that has not joined go within seconds: the page opens one for its
  // labels and its join, and again when the teacher presses Join.
  function connect(next) {
    then = next || null;
    ws = snl.socket("/watch", receive, () => {
      ws = null;
      if (watching) setTimeout(() => connect(join), 1000);
    });
    ws.onopen = () => snl.send(ws, { type: "hello", lang: "en" });
  }
  function join() {
    snl.send(ws, { type: "join", code: code, name: "", lang: "en" });
  }
  function receive(message) {
    if (message.type === "labels") {
      snl.label(message.labels || {}, message);
      $("board-image").alt = String((message.labels || {}).board || "");
      $("join").hidden = Boolean(code) || watching;
      $("code").value = code;
      if (fromAddress === null) $("refused").textContent = String((message.labels || {})["bad-code"] || "");
      const next = then;
      then = null;
      if (next) next();
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
    code = $("code").value.trim();
    $("refused").textContent = "";
    if (ws && ws.readyState === WebSocket.OPEN) join();
    else if (ws && ws.readyState === WebSocket.CONNECTING) then = join;
    else connect(join);
  });
  connect(code ? join : null);
})();
