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
      $("main").classList.add("watching");
      snl.line($("moves"), message.text, 8);
    } else if (message.type === "board") {
      board(message);
    }
  }
  function board(message) {
    const [width, height] = Array.isArray(message.size) ? message.size.map(Number) : [10, 10];
    const image = $("board-image"), address = String(message.image || "");
    // The table's own board, by an address that names the table (never another's image).
    if (address.startsWith("/board.svg?") && image.getAttribute("src") !== address) {
      image.src = address;
    }
    $("board").style.setProperty("--ratio", String(width / height));
    image.alt = String(message.alt || "");
    const tokens = message.tokens || [], sharing = {}, off = [], where = [];
    for (const token of tokens) {
      if (Array.isArray(token.cell)) sharing[token.square] = (sharing[token.square] || 0) + 1;
    }
    const placed = {}, layer = $("tokens");
    layer.replaceChildren();
    for (const token of tokens) {
      const element = document.createElement("span");
      element.className = "token";
      element.textContent = String(token.place);
      // Heard by its player's name; seen by its number, which the list below gives too.
      element.setAttribute("role", "img");
      element.setAttribute("aria-label", String(token.name || ""));
      element.dataset.seat = String(token.seat);
      element.dataset.square = String(token.square);
      if (Array.isArray(token.cell)) {
        // Side by side in the square's lower half: its number, in the upper half, stays clear.
        const [column, row] = token.cell.map(Number), count = sharing[token.square];
        const index = placed[token.square] = (placed[token.square] || 0) + 1;
        const size = Math.min(0.42, 0.94 / count);
        element.style.setProperty("--size", String(size / width));
        element.style.left = ((column + 0.5 + (index - 1 - (count - 1) / 2) * size) / width * 100) + "%";
        element.style.top = ((row + 0.74) / height * 100) + "%";
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
    $("not-yet").hidden = off.length === 0;
    show("playing", $("turn"), message.turn);  // whose turn: only while the game is on
    show("last-move", $("last"), message.last);
    places(message.places || []);
    $("where").replaceChildren(...where);
  }
  function show(box, element, text) {
    element.textContent = String(text || "");
    $(box).hidden = !text;
  }
  function places(lines) {
    // The heading (the game is over, or the teacher ended it), then the places, winner first.
    $("end").hidden = lines.length === 0;
    $("places-heading").textContent = String(lines[0] || "");
    $("places").replaceChildren(...lines.slice(1).map((line) => {
      const li = document.createElement("li");
      li.textContent = String(line);
      return li;
    }));
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
