// A seat page's voice: the browser's own for the language when it has one, else the host's
// eSpeak NG audio of the line; each line's earcon first. The page gives it each line as it
// comes (``plan``); it tells the page when a line has been heard (said, cut short or left
// to the log) and when it has nothing left to say.
"use strict";
snl.voice = ({ speech, sounds, language, heard, idle }) => {
  const queue = [];
  let speaking = false;
  let playing = null;  // held, so the sound is not collected before it has ended
  let current = null;  // the line being said
  function play(audio) {
    return new Promise((resolve) => {
      const done = () => { clearTimeout(audio.limit); audio.pause(); resolve(); };
      playing = { stop: done };
      audio.onended = audio.onerror = done;
      // A browser with no sound device may never say "ended": its length is waited, no more
      // (and a sound that never loads, ten seconds).
      const measured = () => {
        clearTimeout(audio.limit);
        audio.limit = setTimeout(done, (audio.duration || 5) * 1000 + 250);
      };
      audio.limit = setTimeout(done, 10000);
      audio.onloadedmetadata = measured;
      if (audio.readyState >= 1) measured();  // asked for ahead: its length is known
      audio.play().catch(done);
    });
  }
  function sound(src) { return new Audio(src); }
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
  // Speech is planned, not queued: her own lines (her turn, her move, her question, the
  // table's news, the end) are always said, in order, and one that comes cuts short another
  // child's move being said. Another child's move is one short line, said only while the
  // voice keeps up: when its time comes it is left to the log if a newer one waits behind
  // it or it came more than BEHIND seconds ago (the host's voice is slow: 3-4 s a line, a
  // roll every second or two at six seats). The next line's sound is asked for while one
  // is said, so that it is ready when it is due.
  const BEHIND = 3;
  function dropQueued(drop) {
    for (let i = queue.length - 1; i >= 0; i--) if (drop(queue[i])) queue.splice(i, 1);
  }
  function due(line) {
    return line.kind !== "short" || (performance.now() - line.came < BEHIND * 1000
      && !queue.some((later) => later.kind === "short" && later.came > line.came));
  }
  function plan(line) {
    line.came = performance.now();
    queue.push(line);
    if (line.kind !== "short" && current && current.kind === "short") stopSaying(current);
    speakAll();
  }
  function stopSaying(line) {
    line.cut = true;
    if (window.speechSynthesis) speechSynthesis.cancel();
    if (playing) playing.stop();
  }
  function hostVoice(line) {
    if (!speech.checked || voiceFor(language())) return null;
    if (!line.audio) line.audio = sound("/speech/" + encodeURIComponent(line.id) + ".wav");
    return line.audio;
  }
  async function speakAll() {
    if (speaking) return;
    speaking = true;
    while (queue.length) {
      const line = current = queue.shift();
      if (!due(line)) { heard(line); continue; }  // in the log, not said: the voice is behind
      const next = queue.find(due);
      if (next) hostVoice(next);  // asked for now, ready when it is due
      if (line.earcon && sounds.checked && !line.cut) {
        await play(sound("/audio/" + encodeURIComponent(line.earcon) + ".wav"));
      }
      if (speech.checked && !line.cut) {
        const voice = voiceFor(language());
        if (voice) await say(line.text, language(), voice);
        else await play(hostVoice(line));
      }
      line.audio = null;
      heard(line);
    }
    current = null;
    speaking = false;
    idle();
  }
  // Her tap cuts the line being said short, as a key at a terminal does, and the other
  // children's moves still waiting (they are in the log); her own lines still waiting are
  // said (but her turn's, once she has rolled on it): nothing she needs is lost to her own
  // tap. Every line waiting is told heard: she has acted on it.
  function hush(rolled) {
    for (const line of current ? [current, ...queue] : queue) {
      heard(line);
      if (line === current || line.kind === "short") line.cut = true;
    }
    dropQueued((line) => line.kind === "short" || (rolled && line.turn));
    if (window.speechSynthesis) speechSynthesis.cancel();
    if (playing) playing.stop();
  }
  return { plan: plan, hush: hush, busy: () => speaking || queue.length > 0 };
};
