// A child's seat: the host narrates in the child's language; this page shows each line as
// text in a live log, speaks it, and sends back keys and answers. No sentences live here.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const STORE = "snl-seat";
  const SEAT_LIFE = 12 * 3600 * 1000;  // a school day: a seat's key is never kept longer
  const saved = (() => {
    try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (error) { return {}; }
  })();
  const fromAddress = snl.code();  // null: the address's #code could not be read
  // A phone or a tablet: the host's sentences say "tap", not "press Enter".
  const touch = window.matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0;
  let ws = null, labels = {}, language = null, joined = false, wanted = null, retry = 500;
  let then = null;  // what to send once the socket is open and the labels have come
  let tableId = null;  // the table answering here (a new one each time a table opens)
  const code = () => $("code").value.trim();

  function remember(fields) {
    Object.assign(saved, fields);
    try { localStorage.setItem(STORE, JSON.stringify(saved)); } catch (error) { /* private mode */ }
  }
  // The seat (the child's name, its token, the table's code) is kept only so that a closed
  // tab gets its seat back while the game lasts; when it ends, this browser (often a shared
  // school computer, which snl progress --forget cannot reach) keeps nothing of the child.
  // It is forgotten too when its table is no longer there (another table's page answers on
  // this address), and after a school day whatever happened (a tab closed mid-game).
  function forgetSeat() {
    for (const field of ["name", "token", "code", "table", "at"]) delete saved[field];
    remember({});
  }
  if (saved.token && !(Date.now() - saved.at < SEAT_LIFE)) forgetSeat();

  // Speech: the browser's own voice for the language when it has one, else the host's
  // eSpeak NG audio of the line; each line's earcon first. Lines are said in order.
  const speech = $("speech"), sounds = $("sounds");
  speech.checked = saved.speech !== false;
  sounds.checked = saved.sounds !== false;
  speech.addEventListener("change", () => {
    remember({ speech: speech.checked });
    if (!speech.checked && window.speechSynthesis) speechSynthesis.cancel();
  });
  sounds.addEventListener("change", () => remember({ sounds: sounds.checked }));
  // Her voice (voice.js): the lines said as planned, and what she is told back.
  const voice = snl.voice({ speech: speech, sounds: sounds, language: () => language,
                            heard: (line) => heard(line), idle: () => saidTheEnd() });
  const plan = voice.plan;
  // The table has ended: once its last words are said, the host hears so (it serves their
  // sound until then). Told once.
  let ended = false, endSaid = false;
  function saidTheEnd() {
    if (!ended || endSaid || voice.busy()) return;
    endSaid = true;
    snl.send(ws, { type: "said", id: "end" });
  }
  // The turn has been heard to its end (or cut short): now the table's turn clock starts,
  // and a roll pressed from now on counts. Told once.
  function heard(line) {
    if (ended) snl.send(ws, { type: "said", id: line.id });  // the end under way: told
    else if (line.said) {
      snl.send(ws, { type: "said", id: line.id });
      turnTold = true;
    }
    line.said = false;
  }
  // Her "Your turn" is up, but its line may not have reached the page yet when she taps
  // Roll: she has seen it, so the page tells the host it is said before the roll leaves,
  // and the line, when it comes, is not told again (that would say a later turn).
  let turnTold = false;
  // Which of her turns the page shows (the host numbers them): her tap names it, so the
  // host counts it for that turn however soon it comes (null: none is shown).
  let shownTurn = null;
  // Each tab is its own seat: a new tab takes up the seat this browser keeps only if no open
  // tab holds it (asked on a BroadcastChannel: two children on one computer); a reload
  // keeps the tab's own (sessionStorage).
  const TAB = "snl-tab-seat";
  const tabs = window.BroadcastChannel ? new BroadcastChannel("snl-seat") : null;
  let myToken = null;
  if (tabs) {
    tabs.onmessage = (event) => {
      if (myToken && event.data && event.data.ask === myToken) tabs.postMessage({ held: myToken });
    };
  }
  function tabSeat() {
    try { return sessionStorage.getItem(TAB); } catch (error) { return null; }
  }
  function holdSeat(token) {
    myToken = token;
    try { sessionStorage.setItem(TAB, token); } catch (error) { /* private mode */ }
  }
  function ifSeatFree(token, then) {
    if (!tabs || tabSeat() === token) { then(); return; }
    let held = false;
    const listen = (event) => { if (event.data && event.data.held === token) held = true; };
    tabs.addEventListener("message", listen);
    tabs.postMessage({ ask: token });
    setTimeout(() => {
      tabs.removeEventListener("message", listen);
      document.body.dataset.tabs = held ? "held" : "free";
      if (!held) { then(); return; }
      delete saved.token; delete saved.name;  // another child's, in this tab only
      $("name").value = "";
    }, 300);
  }

  // Her tap hushes her voice (voice.js: what it cuts, what it still says). Before the tap
  // leaves, the host hears that the turn has been said, so the press is of this turn (the
  // host holds the turn until the page has said it, and a roll before that is dropped).
  const hush = (rolled) => voice.hush(rolled);

  // The table lets a socket that has not joined go within seconds: the page opens one when
  // it has something to say (its labels, a join), and again when the child presses Join.
  function connect(next) {
    then = next || null;
    seatsAsked = false;
    ws = snl.socket("/seat", receive, () => {
      ws = null;
      if (!joined) return;
      // Said in her language: the table is lost (Wi-Fi, the teacher's computer restarting),
      // and the page tries again by itself, then comes back to her seat with its key.
      $("lost").hidden = false;
      showTurn(false);
      setTimeout(() => connect(() => join(saved.name)), retry);  // dropped Wi-Fi: the token
      retry = Math.min(retry * 2, 8000);
    });
    ws.onopen = () => {
      retry = 500;
      // The table's language (null), unless she picks another (or picked it for her seat).
      language = wanted || language || (saved.token ? saved.lang : null) || null;
      snl.send(ws, { type: "hello", lang: language });
    };
  }
  function withSocket(next) {
    if (ws && ws.readyState === WebSocket.OPEN) next();
    else if (ws && ws.readyState === WebSocket.CONNECTING) then = next;
    else connect(next);
  }
  function join(name) {
    snl.send(ws, { type: "join", code: code(), name: name, lang: language, touch: touch,
                   token: saved.code === code() ? saved.token || null : null });
  }

  function receive(message) {
    if (message.type === "labels") {
      labels = message.labels || {};
      language = String(message.lang);
      snl.label(labels, message);
      buildPad(message.digits);
      languages(message.languages || []);
      tableId = String(message.table || "");
      if (saved.token && saved.table !== tableId) forgetSeat();  // another table now
      if (fromAddress === null && !joined) $("refused").textContent = String(labels["bad-code"] || "");
      if (!joined && code() && !seatsAsked) {  // the free seats, for a child who cannot type
        seatsAsked = true;
        snl.send(ws, { type: "seats", code: code() });
      }
      const next = then;
      then = null;
      if (next) next();
      else if (!joined && saved.token && saved.code === code() && saved.name) {
        ifSeatFree(saved.token, () => join(saved.name));
      }
    } else if (message.type === "joined") {
      joined = true;
      holdSeat(String(message.token || ""));
      $("lost").hidden = true;
      remember({ token: String(message.token || ""), code: code(), table: tableId,
                 name: $("name").value || saved.name, lang: language, at: Date.now() });
      $("join").hidden = true;
      $("game").hidden = false;
      $("roll").focus();
    } else if (message.type === "seats") {
      showSeats(Array.isArray(message.free) ? message.free : []);
    } else if (message.type === "refused") {
      $("refused").textContent = String(message.text || "");
      $("join").hidden = false;
    } else if (message.type === "line") {
      snl.line($("log"), message.text, 300);
      announce(message.text, message.said === true);  // the turn's line: hers, at once
      // Her turn's line after she has tapped Roll on it: shown, not said (she has acted).
      if (message.said === true && turnTold) return;
      plan({ text: String(message.text), earcon: message.earcon ? String(message.earcon) : null,
             id: String(message.id), said: message.said === true, turn: message.said === true,
             kind: message.kind === "short" ? "short" : "own" });
    } else if (message.type === "whose") {
      $("whose").textContent = String(message.text || "");
    } else if (message.type === "turn") {
      if (message.mine) turnTold = false;  // a new turn: its line is told when said
      shownTurn = message.mine && Number.isInteger(message.turn) ? message.turn : null;
      showTurn(message.mine === true);
    } else if (message.type === "board") {
      drawBoard(message);
    } else if (message.type === "go") {
      showGo(message);
    } else if (message.type === "ask") {
      if (message.open) openQuestion(message); else closeQuestion();
    } else if (message.type === "ended") {
      ended = true;
      saidTheEnd();
      joined = false;
      closeQuestion();
      endControls();
      forgetSeat();
    }
  }

  // A screen reader hears a line as it comes from one of two live regions (the log itself
  // is silent, else each line would be said twice): her turn and her question at once
  // (assertive), everything else politely, after what it is saying.
  function announce(text, urgent) {
    const region = $(urgent ? "now" : "said");
    if (urgent) region.replaceChildren();
    snl.line(region, text, 3);
  }

  // The seats nobody has taken, by the names the teacher wrote (set as text, never HTML):
  // she taps hers and joins, nothing typed.
  let seatsAsked = false;
  function showSeats(free) {
    const names = $("seat-names");
    names.replaceChildren();
    for (const name of free.map(String)) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = name;
      button.addEventListener("click", () => {
        $("name").value = name;
        $("refused").textContent = "";
        if (code()) withSocket(() => join(name));
      });
      names.append(button);
    }
    $("seats").hidden = !free.length;
  }

  function languages(list) {
    const set = $("languages");
    if (set.querySelector("input")) {  // built once: a focused choice keeps its focus
      for (const radio of set.querySelectorAll("input")) radio.checked = radio.value === language;
      return;
    }
    for (const entry of list) {
      const label = document.createElement("label");
      const radio = document.createElement("input");
      radio.type = "radio"; radio.name = "lang"; radio.value = String(entry.code);
      radio.checked = entry.code === language;
      radio.addEventListener("change", () => {
        wanted = radio.value;
        withSocket(() => snl.send(ws, { type: "hello", lang: wanted }));
      });
      label.lang = String(entry.code);
      label.append(radio, " ", String(entry.name));
      set.append(label);
    }
  }

  // The code from the address, shown so that a mistyped one can be put right here.
  $("code").value = fromAddress || "";
  $("name").value = saved.code === code() && saved.name ? saved.name : "";
  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    $("refused").textContent = "";
    const name = $("name").value.trim();
    if (!name) $("name").focus();
    else if (!code()) $("code").focus();
    else withSocket(() => join(name));
  });
  // Her question, in its own box above the log: said once, the Roll held until it is over
  // (a tap cannot skip it), answered on the pad in the table's own digits or typed.
  let asking = false;
  function openQuestion(message) {
    asking = true;
    $("question").hidden = false;
    $("asked").textContent = String(message.text || "");
    $("roll").disabled = true;
    $("question").scrollIntoView({ block: "start" });
    $("answer").focus({ preventScroll: true });
    announce(String(message.text || ""), true);
    plan({ text: String(message.text || ""), id: String(message.id || ""), said: false, kind: "own",
           earcon: message.earcon ? String(message.earcon) : null });
  }
  function closeQuestion() {
    const was = asking;
    asking = false;
    $("question").hidden = true;
    $("asked").textContent = "";
    $("answer").value = "";
    if (!joined) return;
    $("roll").disabled = false;
    if (was) $("roll").focus();  // announced by its name, where she taps next
  }
  // Her board: every token where the game has it, hers marked (a yellow token with a double
  // ring), the move drawn square by square, then up the ladder or down the snake.
  const STEP = 250;  // ms a square
  let walking = [];
  function drawBoard(message) {
    const board = $("board"), image = $("board-image"), layer = $("tokens");
    if (!image.getAttribute("src")) image.src = "/board.svg";  // the grid, to its edges
    board.hidden = false;
    const columns = Math.max(1, Number(message.columns) || 10);
    const rows = Math.max(1, Number(message.rows) || 10);
    board.style.setProperty("--ratio", String(columns / rows));  // square squares
    board.style.setProperty("--token", (board.clientWidth / columns * 0.7) + "px");
    for (const timer of walking) clearTimeout(timer);
    walking = [];
    layer.replaceChildren();
    const onSquare = {};
    for (const token of message.tokens || []) {
      if (!Array.isArray(token.at)) continue;  // not on the board yet
      const element = document.createElement("span");
      element.className = token.mine ? "token mine" : "token";
      element.textContent = String(token.place);
      element.dataset.seat = String(token.seat);
      element.dataset.square = String(token.square);
      const shift = onSquare[token.square] = (onSquare[token.square] || 0) + 1;
      layer.append(element);
      const path = (token.path || []).filter(Array.isArray);
      path.forEach((at, i) => walking.push(setTimeout(() => place(element, at, 0), i * STEP)));
      walking.push(setTimeout(() => place(element, token.at, shift - 1), path.length * STEP));
      place(element, path.length ? path[0] : token.at, shift - 1);
    }
  }
  function place(element, at, shift) {  // tokens sharing a square sit side by side
    element.style.left = "calc(" + (Number(at[0]) * 100) + "% + " + (shift * 0.6) + "rem)";
    element.style.top = (Number(at[1]) * 100) + "%";
  }
  function buildPad(digits) {
    for (const button of document.querySelectorAll("[data-digit]")) {
      button.textContent = String((digits || [])[Number(button.dataset.digit)] || button.dataset.digit);
    }
  }
  // After the end nothing is left to do: every control of the game is off, and the focus
  // is on the log, which holds the places.
  function endControls() {
    for (const button of document.querySelectorAll("#game button")) button.disabled = true;
    $("log").focus();
  }
  for (const button of document.querySelectorAll("[data-digit]")) {
    button.addEventListener("click", () => { $("answer").value += button.textContent; });
  }
  $("erase").addEventListener("click", () => { $("answer").value = $("answer").value.slice(0, -1); });
  // A phone's own keyboard would cover the question: the pad is its keyboard.
  if (touch) $("answer").inputMode = "none";
  $("question").addEventListener("submit", (event) => {
    event.preventDefault();
    const answer = $("answer").value.trim();
    if (!answer) { $("answer").focus(); return; }  // nothing typed: the question waits
    $("answer").value = "";
    hush(false);
    snl.send(ws, { type: "answer", text: answer });
  });
  function sendKey(key) {
    const rolled = key === "\r" || key === " ";
    hush(rolled);
    const message = { type: "key", key: key };
    if (rolled) {
      const turn = document.body.dataset.turn === "mine" ? shownTurn : null;
      if (turn !== null && !turnTold) {
        snl.send(ws, { type: "said", id: "", turn: turn });
        turnTold = true;
      }
      if (turn !== null) message.turn = turn;
      showTurn(false);  // one press, one roll
      shownTurn = null;
    }
    snl.send(ws, message);
  }
  $("skip").addEventListener("click", () => sendKey("\x1b"));
  for (const button of document.querySelectorAll("[data-key]")) {
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") !== "true") sendKey(button.dataset.key);
    });
  }
  // Her turn, shown: "Your turn" up and Roll on. In another child's turn Roll is off (a tap
  // does nothing); off by aria-disabled, so its focus stays and a screen reader says it.
  function showTurn(mine) {
    document.body.dataset.turn = mine ? "mine" : "";
    $("turn").hidden = !mine;
    $("roll").setAttribute("aria-disabled", String(!mine));
  }

  // Her go: after her roll she moves her own token, one tap a square, on the square her
  // board rings next or on Next square; the host says the square's number after a pause
  // (time to say it first). One tap, one square: the next waits for the host's next square.
  let going = false;
  function showGo(message) {
    const open = message.open === true, at = Array.isArray(message.at) ? message.at : null;
    const opening = open && $("step").hidden;
    going = open;
    $("step").hidden = !open;
    $("step").setAttribute("aria-disabled", String(!open));
    $("next-square").hidden = !(open && at);
    if (open && at) place($("next-square"), at, 0);
    if (opening) $("step").focus();
    else if (!open && document.activeElement === $("step")) $("roll").focus();
  }
  function step() {
    if (!going) return;
    going = false;
    $("step").setAttribute("aria-disabled", "true");
    $("next-square").hidden = true;
    hush(false);
    snl.send(ws, { type: "step" });
  }
  $("step").addEventListener("click", step);
  $("next-square").addEventListener("click", step);

  // The terminal's keys: Space or Enter rolls, r w a h , . [ ] Home and Escape as there.
  const NAMED = { Enter: "\r", " ": " ", Escape: "\x1b", Home: "\x1b[H" };
  document.addEventListener("keydown", (event) => {
    if (!joined || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    const typing = target instanceof HTMLInputElement && target.type !== "checkbox";
    if (typing) {
      if (event.key === "Escape" && target.id === "answer") sendKey("\x1b");
      return;
    }
    const control = target instanceof HTMLButtonElement || target instanceof HTMLInputElement;
    if (control && (event.key === "Enter" || event.key === " ")) return;  // the control's own click
    const key = NAMED[event.key] || (event.key.length === 1 ? event.key : null);
    if (key === null || (asking && (key === "\r" || key === " "))) return;  // no roll past it
    event.preventDefault();
    sendKey(key);
  });
  connect();
})();
