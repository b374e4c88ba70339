// The HTML replay's page (SPEC v2 §13). It reads the run's data (the JSON
// that ReplayData.swift writes, described there) from #navlua-data, draws
// the device at one frame on demand (a canvas, as FrameSVG draws a frame),
// and keeps the scrubber, the events list and the timeline's cursor on
// that frame. Nothing is fetched: the page works from disk, offline.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("navlua-data").textContent);

  // UIKit's status and navigation bar heights (FrameSVG.swift).
  const STATUS_BAR = 47, NAV_BAR = 44, CHEVRON_INSET = 8;
  const TRAIL_FRAMES = 12;

  // ---- decoding ----------------------------------------------------------

  const frames = data.frames;            // [frame, nanos, [state...], touch]
  const states = data.states;
  const titles = data.titles;            // [title, colour]
  const events = data.events;            // [nanos, frame, kind, text, why]
  const count = frames.length;

  function frameNumber(i) { return frames[i][0]; }
  function nanos(i) { return frames[i][1]; }

  // The index of the last frame at or before `frame` (frames are sorted).
  function indexOfFrame(frame) {
    let lo = 0, hi = count - 1;
    if (count === 0) return 0;
    if (frame <= frames[0][0]) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (frames[mid][0] <= frame) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  // The index of the last frame at or before `t` nanoseconds.
  function indexOfTime(t) {
    let lo = 0, hi = count - 1;
    if (count === 0) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (frames[mid][1] <= t) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  function seconds(ns) { return (ns / 1e9).toFixed(3); }

  // ---- the device ----------------------------------------------------------

  const W = data.w, H = data.h;
  const canvas = document.getElementById("device");
  const ctx = canvas.getContext("2d");
  const ratio = window.devicePixelRatio || 1;
  const deviceScale = Math.min(1, 640 / H);
  canvas.style.width = Math.round(W * deviceScale) + "px";
  canvas.style.height = Math.round(H * deviceScale) + "px";
  canvas.width = Math.round(W * deviceScale * ratio);
  canvas.height = Math.round(H * deviceScale * ratio);

  function drawScreen(placed, y, w, h, fontSize, role) {
    const title = titles[placed[0]];
    const x = placed[1];
    ctx.fillStyle = title[1];
    ctx.fillRect(x, y, w, h);
    ctx.strokeStyle = "#555";
    ctx.lineWidth = 1;
    ctx.strokeRect(x, y, w, h);
    const scrolls = placed[2];
    if (scrolls && role !== "snapshot") {
      for (const sv of scrolls) drawScroll(sv, x, y);
    }
    const controls = placed[3];
    if (controls && role !== "snapshot") {
      for (const c of controls) drawControl(c, x, y);
    }
    ctx.fillStyle = "#222";
    ctx.font = fontSize + "px -apple-system, Helvetica, Arial, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(title[0], x + w / 2, y + h / 2);
  }

  // A scroll view: its frame, and its content's rows (vertical) or pages
  // (horizontal) moved by its offset, clipped to the frame.
  function drawScroll(sv, ox, oy) {
    const [x, y, w, h, cw, ch, offX, offY] = sv;
    if (!(w > 0 && h > 0) || !sv.every(Number.isFinite)) return;
    ctx.save();
    ctx.beginPath();
    ctx.rect(ox + x, oy + y, w, h);
    ctx.clip();
    ctx.fillStyle = "rgba(255,255,255,0.55)";
    ctx.fillRect(ox + x, oy + y, w, h);
    ctx.strokeStyle = "rgba(0,0,0,0.18)";
    ctx.fillStyle = "rgba(0,0,0,0.35)";
    ctx.font = "11px -apple-system, Helvetica, Arial, sans-serif";
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    // only the rows and pages of the content that lie in the frame and on
    // the device (a frame may be far taller than the screen)
    const top = Math.max(0, offY, -(oy + y) + offY), bottom = Math.min(ch, offY + Math.min(h, H - (oy + y)));
    if (ch > h) {
      const row = 44;
      const first = Math.max(0, Math.floor(top / row));
      for (let r = first; r * row < bottom; r++) {
        const ry = oy + y + r * row - offY;
        ctx.strokeRect(ox + x + 0.5, ry + 0.5, w - 1, row);
        ctx.fillText("row " + r, ox + x + 8, ry + row / 2);
      }
    }
    if (cw > w) {
      const first = Math.max(0, Math.floor(offX / w));
      for (let p = first; p * w - offX < w && p * w < cw; p++) {
        const px = ox + x + p * w - offX;
        ctx.strokeRect(px + 0.5, oy + y + 0.5, w - 1, h - 1);
        ctx.fillText("page " + p, px + 8, oy + y + 14);
      }
    }
    ctx.restore();
    ctx.strokeStyle = "rgba(0,0,0,0.4)";
    ctx.strokeRect(ox + x, oy + y, w, h);
  }

  // A control (issue 35), as the SVG pictures draw it (ControlSVG.swift):
  // a slider's track filled to its value and its knob, a swipe row moved
  // over its red actions when open, a canvas's dashed frame.
  function drawControl(c, ox, oy) {
    const [kind, cx, cy, w, h, value, open, actions] = c;
    if (!(w > 0 && h > 0) || !c.every(Number.isFinite)) return;
    const x = ox + cx, y = oy + cy, mid = y + h / 2;
    ctx.save();
    if (kind === 0) {
      ctx.lineWidth = 4;
      ctx.strokeStyle = "#bbb";
      ctx.beginPath(); ctx.moveTo(x, mid); ctx.lineTo(x + w, mid); ctx.stroke();
      ctx.strokeStyle = "#0a84ff";
      ctx.beginPath(); ctx.moveTo(x, mid); ctx.lineTo(x + value * w, mid); ctx.stroke();
      ctx.lineWidth = 1;
      ctx.fillStyle = "#fff";
      ctx.strokeStyle = "#888";
      ctx.beginPath(); ctx.arc(x + value * w, mid, Math.min(12, h / 2), 0, 2 * Math.PI); ctx.fill(); ctx.stroke();
    } else if (kind === 1) {
      const shift = open ? Math.min(actions, w) : 0;
      ctx.beginPath(); ctx.rect(x, y, w, h); ctx.clip();
      if (open) { ctx.fillStyle = "#ff3b30"; ctx.fillRect(x + w - shift, y, shift, h); }
      ctx.fillStyle = "#fff";
      ctx.fillRect(x - shift, y, w, h);
      ctx.strokeStyle = "rgba(0,0,0,0.25)";
      ctx.strokeRect(x - shift, y, w, h);
    } else {
      ctx.fillStyle = "rgba(255,255,255,0.4)";
      ctx.fillRect(x, y, w, h);
      ctx.setLineDash([6, 4]);
      ctx.strokeStyle = "rgba(0,0,0,0.35)";
      ctx.strokeRect(x, y, w, h);
    }
    ctx.restore();
  }

  function shade(alpha) {
    if (!(alpha > 0)) return;
    ctx.fillStyle = "rgba(0,0,0," + alpha + ")";
    ctx.fillRect(0, 0, W, H);
  }

  function drawBar(nav, x) {
    const shown = nav.b === undefined ? 1 : nav.b;
    if (!(shown > 0)) return;
    const dy = -(1 - shown) * (STATUS_BAR + NAV_BAR);
    ctx.save();
    ctx.translate(0, dy);
    ctx.fillStyle = "rgba(247,247,247,0.94)";
    ctx.fillRect(x, STATUS_BAR, W, NAV_BAR);
    ctx.strokeStyle = "#bbb";
    ctx.strokeRect(x, STATUS_BAR, W, NAV_BAR);
    const baseline = STATUS_BAR + NAV_BAR / 2 + 6;
    ctx.textBaseline = "alphabetic";
    // Long texts fitted as UIKit fits them (BarLayout.swift): each title cut
    // with an ellipsis to the room between the insets, each back label its
    // previous title, "Back" or nothing, the first that ends before its
    // screen's title; measured with the canvas's own font.
    const GAP = 8, CHEVRON = 12;
    const fitted = {};
    ctx.font = "600 17px -apple-system, Helvetica, Arial, sans-serif";
    for (const [t, back, ix] of nav.i || []) {
      if (back) continue;
      const room = W - 2 * (CHEVRON_INSET + CHEVRON + GAP);
      let text = titles[t][0];
      if (ctx.measureText(text).width > room) {
        let chars = Array.from(text);
        while (chars.length && ctx.measureText(chars.join("") + "\u2026").width > room) chars.pop();
        text = chars.join("") + "\u2026";
      }
      fitted[t] = {x: ix, text: text, width: ctx.measureText(text).width};
    }
    function backLabel(t, ix, leading, label) {
      const title = fitted[t];
      if (!title) return label;
      ctx.font = "17px -apple-system, Helvetica, Arial, sans-serif";
      const room = leading ? (title.x - title.width / 2 - GAP) - ix : ix - (title.x + title.width / 2 + GAP);
      for (const candidate of [label, "Back"]) if (ctx.measureText(candidate).width <= room) return candidate;
      return "";
    }
    for (const item of nav.i || []) {
      const [t, back, ix, alpha, chevron, label] = item;
      if (back) {
        const leading = ix <= W / 2;
        ctx.fillStyle = "rgba(0,122,255," + (chevron === null ? alpha : chevron) + ")";
        ctx.font = "22px -apple-system, Helvetica, Arial, sans-serif";
        ctx.textAlign = leading ? "start" : "end";
        ctx.fillText(leading ? "\u2039" : "\u203A", x + (leading ? CHEVRON_INSET : W - CHEVRON_INSET), baseline);
        ctx.fillStyle = "rgba(0,122,255," + alpha + ")";
        ctx.font = "17px -apple-system, Helvetica, Arial, sans-serif";
        ctx.fillText(backLabel(t, ix, leading, label || ""), x + ix, baseline);
      } else {
        ctx.fillStyle = "rgba(0,0,0," + alpha + ")";
        ctx.font = "600 17px -apple-system, Helvetica, Arial, sans-serif";
        ctx.textAlign = "center";
        ctx.fillText(fitted[t].text, x + ix, baseline);
      }
    }
    ctx.restore();
  }

  // Android's predictive back (manual §15.6): each screen scaled about its
  // centre, moved, with rounded corners and its alpha; the scrim over the
  // screen below; going home, the launcher behind the app's window.
  function drawBackLayer(layer) {
    const [t, scale, x, y, r, alpha] = layer;
    ctx.save();
    ctx.globalAlpha = Math.max(0, Math.min(1, alpha));
    ctx.translate(W / 2 + x, H / 2 + y);
    ctx.scale(scale, scale);
    ctx.translate(-W / 2, -H / 2);
    ctx.beginPath();
    if (ctx.roundRect) ctx.roundRect(0, 0, W, H, r); else ctx.rect(0, 0, W, H);
    ctx.clip();
    drawScreen([t, 0], 0, W, H, 28, "top");
    ctx.restore();
  }

  function drawBack(nav) {
    const [home, scrim, top, below] = nav.A;
    if (home) {
      ctx.fillStyle = "#3a4a5c";
      ctx.fillRect(0, 0, W, H);
      ctx.fillStyle = "#dde";
      ctx.font = "22px -apple-system, Helvetica, Arial, sans-serif";
      ctx.fillText("home screen", W / 2 - 60, H - 80);
    } else if (below) {
      ctx.fillStyle = "#111";
      ctx.fillRect(0, 0, W, H);
      drawBackLayer(below);
      shade(scrim);
    }
    drawBackLayer(top);
  }

  function drawNavigation(nav) {
    if (nav.A) { drawBack(nav); return; }
    ctx.save();
    if (nav.y) ctx.translate(0, nav.y);
    if (nav.S) {
      const [t, x, y, w, h] = nav.S;
      drawScreen([t, x], y, w, h, 28 * w / W, "snapshot");
      shade(nav.m);
    }
    if (nav.B) drawScreen(nav.B, 0, W, H, 28, "below");
    shade(nav.d);
    if (nav.T) {
      const x = nav.T[1];
      drawScreen(nav.T, 0, W, H, 28, "top");
      if (x !== 0) {
        // the shadow UIKit draws along the moving screen's edge, outside it
        // (its leading edge as it moves right, its trailing one in RTL)
        const edge = x > 0 ? x : x + W, out = x > 0 ? -12 : 12;
        const g = ctx.createLinearGradient(edge + out, 0, edge, 0);
        g.addColorStop(0, "rgba(0,0,0,0)");
        g.addColorStop(1, "rgba(0,0,0,0.3)");
        ctx.fillStyle = g;
        ctx.fillRect(Math.min(edge, edge + out), 0, 12, H);
      }
    }
    // QD moves the whole navigation view, bar included; UIKit's bar stays put.
    drawBar(nav, nav.s === "snapshot" && nav.T ? nav.T[1] : 0);
    ctx.restore();
  }

  // The finger: a dot where it is, and a trail of where it was over the
  // last frames it was down.
  function drawFinger(i) {
    const touch = frames[i][3];
    if (!touch) return;
    const trail = [];
    for (let j = i; j >= 0 && j > i - TRAIL_FRAMES; j--) {
      const t = frames[j][3];
      if (!t || t[0] !== touch[0]) break;
      trail.push(t);
    }
    ctx.lineCap = "round";
    for (let k = trail.length - 1; k > 0; k--) {
      ctx.strokeStyle = "rgba(255,59,48," + (0.6 * (1 - k / TRAIL_FRAMES)) + ")";
      ctx.lineWidth = 10 * (1 - k / TRAIL_FRAMES) + 2;
      ctx.beginPath();
      ctx.moveTo(trail[k][1], trail[k][2]);
      ctx.lineTo(trail[k - 1][1], trail[k - 1][2]);
      ctx.stroke();
    }
    ctx.fillStyle = "rgba(255,59,48,0.55)";
    ctx.strokeStyle = "#fff";
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(touch[1], touch[2], 16, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }

  function drawDevice(i) {
    ctx.setTransform(ratio * deviceScale, 0, 0, ratio * deviceScale, 0, 0);
    ctx.fillStyle = "#111";
    ctx.fillRect(0, 0, W, H);
    if (count === 0) return;
    const navs = frames[i][2].map((s) => states[s]);
    // what lies behind the last sheet is drawn scaled about its top centre,
    // lowered and dimmed, as the sheet's `behind` says (FrameSVG.device)
    let sheet = -1;
    navs.forEach((nav, k) => { if (nav.k) sheet = k; });
    navs.forEach((nav, k) => {
      if (sheet > 0 && k === 0) {
        const [, scale, by] = navs[sheet].k;
        ctx.save();
        ctx.translate(W * (1 - scale) / 2, by);
        ctx.scale(scale, scale);
      }
      drawNavigation(nav);
      if (sheet > 0 && k === sheet - 1) {
        ctx.restore();
        shade(navs[sheet].k[3]);
      }
    });
    drawFinger(i);
  }

  // ---- the events -------------------------------------------------------

  // The list draws only the rows in sight (a 10-minute run has tens of
  // thousands of events): rows of one height in a scroller whose content is
  // as tall as all of them, redrawn from a small pool when it scrolls, the
  // filter changes or the current event moves.
  const ROW = 18;
  const scroller = document.getElementById("event-list");
  const rows = document.getElementById("event-rows");
  const whyList = document.getElementById("why-list");
  // the frame index each event seeks to
  const eventIndex = events.map((e) => indexOfFrame(e[1]));
  const lineOf = (e) => seconds(e[0]) + " #" + e[1] + " " + e[2] + " " + e[3] + (e[4] ? " \u2014 " + e[4] : "");
  let shown = events.map((_, k) => k);   // the events the filter keeps, by index
  let rowOf = new Int32Array(events.length).fill(-1);   // event -> its row among `shown`
  shown.forEach((k, r) => { rowOf[k] = r; });
  let currentEvent = -1, selectedEvent = -1;

  function renderRows() {
    rows.style.height = shown.length * ROW + "px";
    const first = Math.max(0, Math.floor(scroller.scrollTop / ROW) - 5);
    const last = Math.min(shown.length, first + Math.ceil(scroller.clientHeight / ROW) + 10);
    while (rows.children.length < last - first) rows.append(document.createElement("li"));
    while (rows.children.length > last - first) rows.lastChild.remove();
    for (let r = first; r < last; r++) {
      const li = rows.children[r - first];
      const k = shown[r];
      const e = events[k];
      if (li.dataset.event !== String(k)) {
        li.dataset.event = String(k);
        li.dataset.kind = e[2];
        li.textContent = "";
        const head = document.createElement("span");
        head.textContent = seconds(e[0]) + " #" + e[1] + " ";
        const kind = document.createElement("span");
        kind.className = "kind";
        kind.textContent = e[2];
        li.append(head, kind, " " + e[3]);
        if (e[4]) {
          const why = document.createElement("span");
          why.className = "why";
          why.textContent = " \u2014 " + e[4];
          li.append(why);
        }
        li.title = lineOf(e);
      }
      li.style.top = r * ROW + "px";
      li.classList.toggle("current", k === currentEvent);
      li.classList.toggle("selected", k === selectedEvent);
    }
  }
  scroller.addEventListener("scroll", renderRows);

  // Scrolls the list so that event k is in sight (centred when it was not).
  function showEvent(k) {
    const r = rowOf[k];
    if (r < 0) { renderRows(); return; }   // filtered out
    const top = r * ROW;
    if (top < scroller.scrollTop || top > scroller.scrollTop + scroller.clientHeight - ROW) {
      scroller.scrollTop = top - scroller.clientHeight / 2;
    }
    renderRows();
  }

  events.forEach((e, k) => {
    if (!e[4]) return;
    const w = document.createElement("li");
    w.dataset.event = String(k);
    w.textContent = seconds(e[0]) + " s: " + e[4];
    whyList.append(w);
  });

  // A click on an event (in the list or among the refusals) seeks to its
  // frame and marks it selected in the list.
  function seekEvent(target) {
    const li = target.closest("li[data-event]");
    if (!li) return;
    const k = Number(li.dataset.event);
    pause();
    selectedEvent = k;
    seek(eventIndex[k]);
    showEvent(k);
  }
  rows.addEventListener("click", (ev) => seekEvent(ev.target));
  whyList.addEventListener("click", (ev) => seekEvent(ev.target));

  document.getElementById("event-filter").addEventListener("input", (ev) => {
    const q = ev.target.value.trim().toLowerCase();
    shown = [];
    rowOf.fill(-1);
    events.forEach((e, k) => {
      if (q === "" || lineOf(e).toLowerCase().includes(q)) { rowOf[k] = shown.length; shown.push(k); }
    });
    scroller.scrollTop = 0;
    if (currentEvent >= 0) showEvent(currentEvent); else renderRows();
  });

  // The last event at or before the current frame is "current".
  function markEvents(i) {
    const frame = count ? frameNumber(i) : 0;
    let lo = 0, hi = events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (events[mid][1] <= frame) lo = mid + 1; else hi = mid;
    }
    if (lo - 1 === currentEvent) return;
    currentEvent = lo - 1;
    if (currentEvent >= 0) showEvent(currentEvent); else renderRows();
  }

  // ---- the timeline ------------------------------------------------------

  // Series per frame, read from the navigation that moves (the last one
  // shown with a transition, else the last one shown).
  function movingNav(i) {
    const navs = frames[i][2];
    for (let k = navs.length - 1; k >= 0; k--) if (states[navs[k]].r) return states[navs[k]];
    return navs.length ? states[navs[navs.length - 1]] : null;
  }
  const series = {
    top: new Float64Array(count), below: new Float64Array(count), finger: new Float64Array(count),
    velocity: new Float64Array(count), progress: new Float64Array(count), dim: new Float64Array(count),
  };
  // JSON writes a number that is not finite as null: a gap, not 0
  const num = (v) => (typeof v === "number" ? v : NaN);
  for (let i = 0; i < count; i++) {
    const nav = movingNav(i);
    const touch = frames[i][3];
    series.top[i] = nav && nav.T ? num(nav.T[1]) : NaN;
    series.below[i] = nav && nav.B ? num(nav.B[1]) : NaN;
    series.finger[i] = touch ? num(touch[3]) : NaN;
    series.velocity[i] = touch ? num(touch[5]) : NaN;
    series.progress[i] = nav ? num(nav.q) : NaN;
    series.dim[i] = nav ? num(nav.d || nav.m || 0) : NaN;
  }
  const panels = [
    { name: "x (pt)", lines: [["top", "#1f6feb"], ["below", "#8250df"], ["finger", "#e5534b"]] },
    { name: "velocity (pt/s)", lines: [["velocity", "#e5534b"]] },
    { name: "progress, dim", lines: [["progress", "#2da44e"], ["dim", "#444"]], range: [0, 1] },
  ];
  const timeline = document.getElementById("timeline");
  const tctx = timeline.getContext("2d");
  const TL = { left: 110, right: 16, top: 8, gap: 14 };
  const t0 = count ? nanos(0) : 0, t1 = count ? Math.max(nanos(count - 1), t0 + 1) : 1;
  let backdrop = null;

  function layoutTimeline() {
    const cssWidth = timeline.clientWidth || 960;
    timeline.width = Math.round(cssWidth * ratio);
    timeline.height = Math.round(300 * ratio);
    timeline.style.height = "300px";
    backdrop = document.createElement("canvas");
    backdrop.width = timeline.width;
    backdrop.height = timeline.height;
    const g = backdrop.getContext("2d");
    drawBackdrop(g, cssWidth, 300);
  }
  function tx(t, width) { return TL.left + (t - t0) / (t1 - t0) * (width - TL.left - TL.right); }

  // The curves are drawn once; scrubbing only copies them and draws the
  // cursor. A run longer than the chart is wide is drawn as each pixel
  // column's lowest and highest value.
  function drawBackdrop(g, width, height) {
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.fillStyle = "#fff";
    g.fillRect(0, 0, width, height);
    drawSpans(g, width, height);
    const ph = (height - TL.top - TL.gap * panels.length) / panels.length;
    panels.forEach((panel, p) => {
      const top = TL.top + p * (ph + TL.gap), bottom = top + ph;
      let lo = Infinity, hi = -Infinity;
      for (const [key] of panel.lines) {
        for (const v of series[key]) if (v === v) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
      }
      if (panel.range) { lo = Math.min(lo, panel.range[0]); hi = Math.max(hi, panel.range[1]); }
      if (!(lo < hi)) { lo = (lo === Infinity ? 0 : lo) - 1; hi = lo + 2; }
      const vy = (v) => bottom - (v - lo) / (hi - lo) * ph;
      g.strokeStyle = "#e4e4e4";
      g.strokeRect(TL.left, top, width - TL.left - TL.right, ph);
      g.fillStyle = "#333";
      g.font = "12px -apple-system, Helvetica, Arial, sans-serif";
      g.textAlign = "right";
      g.textBaseline = "middle";
      g.fillText(panel.name, TL.left - 8, top + ph / 2);
      g.fillStyle = "#999";
      g.fillText(String(Math.round(hi * 100) / 100), TL.left - 8, top + 6);
      g.fillText(String(Math.round(lo * 100) / 100), TL.left - 8, bottom - 6);
      for (const [key, colour] of panel.lines) {
        const values = series[key];
        g.strokeStyle = colour;
        g.lineWidth = 1.5;
        g.beginPath();
        let pen = false, column = -1, cmin = 0, cmax = 0;
        const flush = () => {
          if (column < 0) return;
          if (!pen) { g.moveTo(column, vy(cmin)); pen = true; } else g.lineTo(column, vy(cmin));
          if (cmax !== cmin) g.lineTo(column, vy(cmax));
        };
        for (let i = 0; i < count; i++) {
          const v = values[i];
          if (v !== v) { flush(); column = -1; pen = false; continue; }
          const x = Math.round(tx(nanos(i), width));
          if (x !== column) { flush(); column = x; cmin = cmax = v; } else { cmin = Math.min(cmin, v); cmax = Math.max(cmax, v); }
        }
        flush();
        g.stroke();
      }
      const legend = panel.lines.map(([key]) => key).join(", ");
      g.fillStyle = "#777";
      g.textAlign = "left";
      g.fillText(legend, TL.left + 6, top + 10);
    });
    // the refused and cancelled gestures, as red ticks along the top
    g.fillStyle = "#b00020";
    for (const e of events) if (e[4]) g.fillRect(tx(e[0], width) - 1, 0, 2, TL.top + 4);
  }

  // Transitions as shaded bands across the panels, named at the bottom,
  // and touches as blue ticks (down) and rings (lift) along the top, as the
  // SVG timeline marks them. Drawn under the curves.
  function drawSpans(g, width, height) {
    const open = new Map();   // nav -> [start ns, what]
    const field = (e, name) => { const m = (" " + e[3]).match(new RegExp(" " + name + "=(\\S+)")); return m ? m[1] : ""; };
    const band = (t0b, t1b, what, cancelled) => {
      const x0 = tx(t0b, width), x1 = Math.max(tx(t1b, width), x0 + 1);
      g.fillStyle = cancelled ? "rgba(229,83,75,0.08)" : "rgba(31,111,235,0.07)";
      g.fillRect(x0, TL.top, x1 - x0, height - TL.top);
      g.fillStyle = "#888";
      g.font = "10px -apple-system, Helvetica, Arial, sans-serif";
      g.textAlign = "left";
      g.textBaseline = "bottom";
      g.fillText(what + (cancelled ? " (cancelled)" : ""), x0 + 2, height - 1);
    };
    for (const e of events) {
      if (e[2] === "transition") {
        const nav = field(e, "nav"), phase = field(e, "phase");
        if (phase === "begin") open.set(nav, [e[0], field(e, "what")]);
        else if (open.has(nav)) { const [b, what] = open.get(nav); band(b, e[0], what, phase === "cancel"); open.delete(nav); }
      } else if (e[2] === "touch") {
        const phase = field(e, "phase"), x = tx(e[0], width);
        g.strokeStyle = g.fillStyle = "#1f6feb";
        if (phase === "began") g.fillRect(x - 1, 0, 2, TL.top);
        else if (phase === "ended" || phase === "cancelled") { g.beginPath(); g.arc(x, TL.top / 2, 3, 0, 2 * Math.PI); g.stroke(); }
      }
    }
    for (const [, [b, what]] of open) band(b, t1, what, false);
  }

  function drawTimeline(i) {
    if (!backdrop) return;
    tctx.setTransform(1, 0, 0, 1, 0, 0);
    tctx.drawImage(backdrop, 0, 0);
    if (count === 0) return;
    tctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const x = tx(nanos(i), timeline.width / ratio);
    tctx.strokeStyle = "#d29922";
    tctx.lineWidth = 2;
    tctx.beginPath();
    tctx.moveTo(x, 0);
    tctx.lineTo(x, timeline.height / ratio);
    tctx.stroke();
  }
  timeline.addEventListener("click", (ev) => {
    const r = timeline.getBoundingClientRect();
    const t = t0 + (ev.clientX - r.left - TL.left) / (r.width - TL.left - TL.right) * (t1 - t0);
    pause();
    seek(indexOfTime(t));
  });

  // ---- the frame shown, the scrubber and playing ---------------------------

  const scrubber = document.getElementById("scrubber");
  const clock = document.getElementById("clock");
  const caption = document.getElementById("caption");
  const playButton = document.getElementById("play");
  const speed = document.getElementById("speed");
  scrubber.max = String(Math.max(0, count - 1));
  let current = 0;
  let pending = false;

  // Draws on the next animation frame, once however many seeks came before.
  function seek(i) {
    current = Math.max(0, Math.min(count - 1, i | 0));
    scrubber.value = String(current);
    if (!pending) {
      pending = true;
      requestAnimationFrame(show);
    }
  }
  function show() {
    pending = false;
    drawDevice(current);
    drawTimeline(current);
    markEvents(current);
    const text = count ? "#" + frameNumber(current) + "  " + seconds(nanos(current)) + " s" : "no frames";
    clock.value = text;
    caption.textContent = text + (count ? "  (" + (current + 1) + " of " + count + ")" : "");
    document.body.dataset.frame = count ? String(frameNumber(current)) : "";
    document.body.dataset.index = String(current);
  }

  let playing = false, playStart = 0, playFrom = 0;
  function play() {
    if (count < 2) return;
    if (current >= count - 1) current = 0;
    playing = true;
    playStart = performance.now();
    playFrom = nanos(current);
    playButton.textContent = "Pause";
    requestAnimationFrame(step);
  }
  function pause() {
    playing = false;
    playButton.textContent = "Play";
  }
  // Virtual time runs at the chosen speed of real time.
  function step(now) {
    if (!playing) return;
    const t = playFrom + (now - playStart) * 1e6 * Number(speed.value);
    const i = indexOfTime(t);
    seek(i);
    if (i >= count - 1) { pause(); return; }
    requestAnimationFrame(step);
  }
  playButton.addEventListener("click", () => (playing ? pause() : play()));
  speed.addEventListener("change", () => { if (playing) { pause(); play(); } });
  scrubber.addEventListener("input", () => { pause(); seek(Number(scrubber.value)); });

  // The frame index of the next (+1) or previous (-1) event's frame. A
  // long run keeps every 2nd, 4th, ... frame only: an event on a frame not
  // kept goes to the first kept frame after it (next) or the last before it
  // (previous), and the step always moves.
  function eventStep(direction) {
    if (count === 0) return 0;
    if (direction > 0) {
      for (const e of events) {
        let i = indexOfFrame(e[1]);
        if (frameNumber(i) < e[1] && i + 1 < count) i += 1;
        if (i > current) return i;
      }
      return count - 1;
    }
    for (let k = events.length - 1; k >= 0; k--) {
      const i = indexOfFrame(events[k][1]);
      if (i < current) return i;
    }
    return 0;
  }
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement && ev.target.type !== "range") return;
    if (ev.target instanceof HTMLSelectElement) return;
    let handled = true;
    if (ev.key === "ArrowRight") { pause(); seek(ev.shiftKey ? eventStep(1) : current + 1); }
    else if (ev.key === "ArrowLeft") { pause(); seek(ev.shiftKey ? eventStep(-1) : current - 1); }
    else if (ev.key === "Home") { pause(); seek(0); }
    else if (ev.key === "End") { pause(); seek(count - 1); }
    else if (ev.key === " ") { playing ? pause() : play(); }
    else handled = false;
    if (handled) ev.preventDefault();
  });

  // ---- start -------------------------------------------------------------

  document.getElementById("title").textContent = data.title;
  const span = count ? seconds(nanos(count - 1) - nanos(0)) : "0";
  const refusals = events.filter((e) => e[4]).length;
  document.getElementById("summary").textContent = count + " frames over " + span + " s, "
    + events.length + " events" + (data.dropped ? " (" + data.dropped + " older events were not kept)" : "")
    + ", " + refusals + " refused or cancelled";
  layoutTimeline();
  renderRows();
  window.addEventListener("resize", () => { layoutTimeline(); renderRows(); seek(current); });
  // for tools and tests: where the page is, and a way to move it
  window.navluaReplay = {
    frames: count, events: events.length, seek, current: () => current,
    // draws frame i now, not at the next animation frame (benchmarks)
    draw(i) { current = Math.max(0, Math.min(count - 1, i | 0)); show(); },
    // scrolls the events list to event k (tests click it then)
    showEvent,
  };
  // The address picks the frame shown first, so that a headless screenshot
  // (`chromium --headless --screenshot 'file:///r.html#frame=40'`) shows
  // it: #frame=N is frame N (or the first kept after it), #event=K the
  // K-th event of the trace, from 1 as navlua.trace() counts, selected.
  function seekFromAddress() {
    const m = /^#(frame|event)=(\d+)$/.exec(location.hash);
    if (!m || count === 0) return false;
    const n = Number(m[2]);
    if (m[1] === "frame") {
      let i = indexOfFrame(n);
      if (frameNumber(i) < n && i + 1 < count) i += 1;
      seek(i);
    } else {
      if (n < 1 || n > events.length) return false;
      selectedEvent = n - 1;
      seek(eventIndex[n - 1]);
      showEvent(n - 1);
    }
    show();   // now: a screenshot may not wait for an animation frame
    return true;
  }
  window.addEventListener("hashchange", () => { pause(); seekFromAddress(); });
  if (!seekFromAddress()) seek(0);
})();
