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
  const queue = [];
  let speaking = false;
  let playing = null;  // held, so the sound is not collected before it has ended
  let current = null;  // the line being said
  function play(src) {
    return new Promise((resolve) => {
      const audio = new Audio(src);
      const done = () => { clearTimeout(audio.limit); audio.pause(); resolve(); };
      playing = { stop: done };
      audio.onended = audio.onerror = done;
      // A browser with no sound device may never say "ended": its length is waited, no more
      // (and a sound that never loads, ten seconds).
      audio.limit = setTimeout(done, 10000);
      audio.onloadedmetadata = () => {
        clearTimeout(audio.limit);
        audio.limit = setTimeout(done, (audio.duration || 5) * 1000 + 250);
      };
      audio.play().catch(done);
    });
  }
  function voiceFor(lang) {
    if (!window.speechSynthesis) return null;
    return speechSynthesis.getVoices().find((v) => v.lang.toLowerCase().startsWith(lang)) || null;
  }
  function say(text, lang, voice) {
    return new Promise((done) => {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = lang; utterance.voice = voice;
      utterance.onend = utterance.onerror = done;
      speechSynthesis.speak(utterance);
    });
  }
  async function speakAll() {
    if (speaking) return;
    speaking = true;
    while (queue.length) {
      const line = current = queue.shift();
      if (line.earcon && sounds.checked) await play("/audio/" + encodeURIComponent(line.earcon) + ".wav");
      if (speech.checked && !line.cut) {
        const voice = voiceFor(language);
        if (voice) await say(line.text, language, voice);
        else await play("/speech/" + encodeURIComponent(line.id) + ".wav");
      }
      heard(line);
    }
    current = null;
    speaking = false;
  }
  // The turn has been heard to its end (or cut short): now the table's turn clock starts,
  // and a roll pressed from now on counts. Told once.
  function heard(line) {
    if (line.said) snl.send(ws, { type: "said" });
    line.said = false;
  }
  // A key cuts the speech short, as at a terminal: the rest is in the log. Before the key
  // leaves, the host hears that the turn has been said, so the press is of this turn (the
  // host holds the turn until the page has said it, and a roll before that is dropped).
  function hush() {
    for (const line of current ? [current, ...queue] : queue) {
      line.cut = true;
      heard(line);
    }
    queue.length = 0;
    if (window.speechSynthesis) speechSynthesis.cancel();
    if (playing) playing.stop();
  }

  // The table lets a socket that has not joined go within seconds: the page opens one when
  // it has something to say (its labels, a join), and again when the child presses Join.
  function connect(next) {
    then = next || null;
    ws = snl.socket("/seat", receive, () => {
      ws = null;
      if (!joined) return;
      setTimeout(() => connect(() => join(saved.name)), retry);  // dropped Wi-Fi: the token
      retry = Math.min(retry * 2, 8000);
    });
    ws.onopen = () => {
      retry = 500;
      language = wanted || language || saved.lang || pickLanguage();
      snl.send(ws, { type: "hello", lang: language });
    };
  }
  function withSocket(next) {
    if (ws && ws.readyState === WebSocket.OPEN) next();
    else if (ws && ws.readyState === WebSocket.CONNECTING) then = next;
    else connect(next);
  }
  function pickLanguage() {
    return (navigator.language || "en").slice(0, 2).toLowerCase();
  }
  function join(name) {
    snl.send(ws, { type: "join", code: code(), name: name, lang: language,
                   token: saved.code === code() ? saved.token || null : null });
  }

  function receive(message) {
    if (message.type === "labels") {
      labels = message.labels || {};
      language = String(message.lang);
      snl.label(labels, message);
      languages(message.languages || []);
      tableId = String(message.table || "");
      if (saved.token && saved.table !== tableId) forgetSeat();  // another table now
      if (fromAddress === null && !joined) $("refused").textContent = String(labels["bad-code"] || "");
      const next = then;
      then = null;
      if (next) next();
      else if (!joined && saved.token && saved.code === code() && saved.name) join(saved.name);
    } else if (message.type === "joined") {
      joined = true;
      remember({ token: String(message.token || ""), code: code(), table: tableId,
                 name: $("name").value || saved.name, lang: language, at: Date.now() });
      $("join").hidden = true;
      $("game").hidden = false;
      $("roll").focus();
    } else if (message.type === "refused") {
      $("refused").textContent = String(message.text || "");
      $("join").hidden = false;
    } else if (message.type === "line") {
      snl.line($("log"), message.text, 300);
      queue.push({ text: String(message.text), earcon: message.earcon ? String(message.earcon) : null,
                   id: String(message.id), said: message.said === true });
      speakAll();
    } else if (message.type === "turn") {
      $("turn").hidden = !message.mine;
      document.body.dataset.turn = message.mine ? "mine" : "";
    } else if (message.type === "ask") {
      $("question").hidden = !message.open;
      $("asked").textContent = message.open ? String(message.text || "") : "";
      if (message.open) $("answer").focus();
      else if (document.activeElement === $("answer") || document.activeElement === document.body) $("roll").focus();
    } else if (message.type === "ended") {
      joined = false;
      $("roll").disabled = true;
      forgetSeat();
    }
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
  $("question").addEventListener("submit", (event) => {
    event.preventDefault();
    const answer = $("answer").value.trim();
    $("answer").value = "";
    // Enter alone is the terminal's Enter: in the child's turn it puts the question aside
    // and rolls, else the question is said again. It is never lost.
    if (!answer) sendKey("\r");
    else {
      hush();
      snl.send(ws, { type: "answer", text: answer });
    }
  });
  function sendKey(key) {
    hush();
    if (key === "\r" || key === " ") document.body.dataset.turn = "";  // one press, one roll
    snl.send(ws, { type: "key", key: key });
  }
  $("skip").addEventListener("click", () => sendKey("\x1b"));
  for (const button of document.querySelectorAll("[data-key]")) {
    button.addEventListener("click", () => sendKey(button.dataset.key));
  }

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
    if (key === null) return;
    event.preventDefault();
    sendKey(key);
  });
  connect();
})();
