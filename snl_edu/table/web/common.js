// What both pages share: the websocket to the host, its labels, lines shown as text.
"use strict";
const snl = {
  socket(path, onMessage, onClose) {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + path);
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      if (message && typeof message.type === "string") onMessage(message);
    };
    ws.onclose = onClose;
    return ws;
  },
  send(ws, message) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  },
  // The page's words come from the host's catalog; every one is set as text, never HTML.
  label(labels, message) {
    document.documentElement.lang = message.lang;
    for (const element of document.querySelectorAll("[data-label]")) {
      element.textContent = String(labels[element.dataset.label] || "");
    }
    document.title = String(labels.title || "");
    document.getElementById("main").hidden = false;
  },
  code() {  // null when the address's #code cannot be read (a typo in a %-escape)
    try {
      return decodeURIComponent(location.hash.replace(/^#/, "")).slice(0, 12);
    } catch (error) {
      return null;
    }
  },
  line(container, text, kept) {
    const p = document.createElement("p");
    p.textContent = String(text);
    container.append(p);
    while (kept && container.children.length > kept) container.firstElementChild.remove();
    container.scrollTop = container.scrollHeight;
    return p;
  },
};
