/* ppw-java HTML report (docs/html-report.md). Region names are data from traces: they reach the page only
 * through textContent and canvas fillText, never as markup. */
(function () {
  "use strict";
  var started = performance.now();
  var WHOLE = JSON.parse(document.getElementById("ppw-data").textContent);
  // A split profile's phases (D.phases): each phase's data is in an element of its own, parsed when first shown.
  var PHASES = WHOLE.phases || [];
  var phaseData = [];
  // The page below the header, as written: a phase is drawn into a fresh copy of it, so that nothing of the
  // previous phase's drawing (its listeners, charts, open rows) is left behind.
  var template = document.getElementById("page").innerHTML;

  // Draws data D (the whole profile's or a phase's) into the page below the header, carrying over what the
  // reader was looking at (carried: the tab, the search, the selected and zoomed rows by their paths).
  function render(D, carried) {
    var COL = {};
    D.columns.forEach(function (c, i) { COL[c] = i; });
    var R = D.rows;
    var N = R.length;
    var ROOT = N; // the virtual root "all" above every root
    var HIDDEN = { id: 1, parent_id: 1, depth: 1, name: 1, callsite: 1, weight: 1, self_weight: 1, change: 1 };
    // A diff (D.diff): the graph is drawn by B's values and coloured by the change from A.
    var DIFF = D.diff || null;
    var TIME_UNITS = [["s", 1e9], ["ms", 1e6], ["us", 1e3], ["ns", 1]];
    var measureIsTime = D.measure.unit === "ns";

    function $(id) { return document.getElementById(id); }
    function el(tag, text, cls) {
      var e = document.createElement(tag);
      if (text !== undefined && text !== null) e.textContent = String(text);
      if (cls) e.className = cls;
      return e;
    }
    function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }

    // ---- the tree: parent, first child, next sibling, as index arrays; ROOT sums the roots ----
    var idIndex = new Map();
    for (var i = 0; i < N; i++) idIndex.set(R[i][COL.id], i);
    var parent = new Int32Array(N + 1).fill(-1);
    var firstChild = new Int32Array(N + 1).fill(-1);
    var lastChild = new Int32Array(N + 1).fill(-1);
    var nextSibling = new Int32Array(N + 1).fill(-1);
    var weight = new Float64Array(N + 1);
    var names = new Array(N + 1);
    names[ROOT] = "all";
    function link(child, p) {
      parent[child] = p;
      if (lastChild[p] < 0) firstChild[p] = child; else nextSibling[lastChild[p]] = child;
      lastChild[p] = child;
    }
    for (i = 0; i < N; i++) {
      var row = R[i];
      names[i] = row[COL.name];
      weight[i] = row[COL.weight];
      var p = D.hierarchical && row[COL.parent_id] !== null && idIndex.has(row[COL.parent_id])
        ? idIndex.get(row[COL.parent_id]) : ROOT;
      link(i, p);
    }
    // Parts (SEMANTICS.md section 2): thread time, async spans and sampled stacks each have their own total, the
    // 100% of their rows' shares; the flame graph draws one part at a time under "all".
    var PART_TOTALS = D.part_totals || {};
    var PART_NAMES = Object.keys(PART_TOTALS);
    var PART_WORDS = { thread: "thread time", async: "async spans", samples: "sampled stacks" };
    var shownPart = D.main_part || "thread";
    function partOf(n) { return COL.part !== undefined && n >= 0 && n < N ? R[n][COL.part] : shownPart; }
    function partTotal(part) {
      if (PART_NAMES.length > 1 && PART_TOTALS[part] !== undefined) return PART_TOTALS[part];
      return D.hierarchical ? weight[ROOT] : D.total_ns;
    }
    function inShownPart(n) { return PART_NAMES.length < 2 || partOf(n) === shownPart; }
    for (var c = firstChild[ROOT]; c >= 0; c = nextSibling[c]) if (inShownPart(c)) weight[ROOT] += weight[c];
    // Parents before children, siblings in the report's order.
    var preorder = new Int32Array(N + 1);
    function order() {
      var stack = [ROOT], k = 0;
      while (stack.length) {
        var n = stack.pop();
        preorder[k++] = n;
        var kids = [];
        for (var ch = firstChild[n]; ch >= 0; ch = nextSibling[ch]) kids.push(ch);
        for (var j = kids.length - 1; j >= 0; j--) stack.push(kids[j]);
      }
      preorder = preorder.subarray(0, k);
    }
    order();
    var treeParent = parent.slice(); // the rows' own tree; parent[] is it without the hidden rows
    var treeWeight = weight.slice(); // the rows' own weights; weight[] adds namesakes merged by hiding
    var absorbed = new Int32Array(N + 1).fill(-1); // a row merged into a namesake sibling: that sibling
    var lowerNames = null;

    // ---- numbers ----
    function fmtTime(ns) {
      if (ns === null || ns === undefined) return "-";
      var unit = null;
      if (D.unit) {
        unit = TIME_UNITS.filter(function (u) { return u[0] === D.unit; })[0];
      } else {
        var a = Math.abs(ns);
        unit = TIME_UNITS.filter(function (u) { return a >= u[1]; })[0] || TIME_UNITS[3];
      }
      var v = ns / unit[1];
      return (unit[1] === 1 && Number.isInteger(v) ? v.toLocaleString("en-US") : v.toLocaleString("en-US",
        { maximumFractionDigits: 3, minimumFractionDigits: unit[1] === 1 ? 0 : 3 })) + " " + unit[0];
    }
    function fmtAxisTime(ns) {
      return fmtTime(ns).replace(/(\.\d*[1-9])0+ /, "$1 ").replace(/\.0+ /, " ");
    }
    function fmtNumber(v) {
      if (v === null || v === undefined) return "-";
      if (typeof v !== "number") return String(v);
      return Number.isInteger(v) ? v.toLocaleString("en-US") : v.toLocaleString("en-US", { maximumSignificantDigits: 4 });
    }
    function isTimeColumn(name) { return /_ns$/.test(name); }
    function fmtColumn(name, v) {
      // A diff's ratio: one precision, read as a factor (B is 1.25x A).
      if (name === "ratio") return v === null || v === undefined ? "-" : Number(v).toFixed(2) + "x";
      return isTimeColumn(name) ? fmtTime(v) : fmtNumber(v);
    }
    function fmtWeight(v) { return measureIsTime ? fmtTime(v) : fmtNumber(v) + " " + D.measure.unit; }
    function pct(v, total) { return total > 0 ? (100 * v / total).toFixed(2) + "%" : "-"; }
    // p99_9_ns: the 99.9th percentile of a row's per-call inclusive time.
    var PERCENTILE_COLUMN = /^p(\d+(?:_\d+)?)_ns$/;
    function label(col) {
      var p = PERCENTILE_COLUMN.exec(col);
      if (p) return "p" + p[1].replace("_", ".") + " per call";
      return col.replace(/_ns$/, "").replace(/_/g, " ");
    }

    // ---- header ----
    $("title").textContent = D.title;
    var summary = D.tool + " · view " + D.view + (D.tau_depth ? " (depth " + D.tau_depth + ")" : "")
      + (PART_NAMES.length > 1 ? PART_NAMES.map(function (part) {
        return " · " + PART_WORDS[part] + " " + fmtTime(PART_TOTALS[part]);
      }).join("") : " · total " + fmtTime(D.total_ns)) + " · " + N.toLocaleString("en-US") + " rows";
    if (D.aggregation.nodes > 1) summary += " · " + D.aggregation.op + " of " + D.aggregation.nodes + " nodes (missing rows: "
      + D.aggregation.missing + ")";
    if (!measureIsTime) summary += " · drawn by " + D.measure.name + " (" + D.measure.unit + ")";
    if (D.top) summary += " · first " + D.top.asked + " rows by " + D.top.sort;
    if (DIFF) {
      summary = D.tool + " · diff, view " + D.view + " · total " + fmtWeight(DIFF.a.total) + " in A, " + fmtWeight(DIFF.b.total)
        + " in B (" + (DIFF.b.total >= DIFF.a.total ? "+" : "") + fmtWeight(DIFF.b.total - DIFF.a.total) + ") · "
        + N.toLocaleString("en-US") + " rows" + (DIFF.normalized ? " · compared as shares of each total" : "");
    }
    $("summary").textContent = summary;

    // ---- tabs ----
    var tabButtons = Array.prototype.slice.call(document.querySelectorAll("#tabs button"));
    var shown = "graph";
    function showTab(name) {
      shown = name;
      tabButtons.forEach(function (b) { b.classList.toggle("active", b.getAttribute("data-tab") === name); });
      ["graph", "flat", "tree", "time", "nodes", "diagnostics"].forEach(function (t) { $(t).hidden = t !== name; });
      if (name === "graph") drawFlame();
      if (name === "flat") renderFlat();
      if (name === "tree") renderTree();
      if (name === "nodes") renderNodes();
      if (name === "time") renderTime();
    }
    tabButtons.forEach(function (b) {
      b.addEventListener("click", function () { showTab(b.getAttribute("data-tab")); });
    });

    // ---- selection and search, shared by every view ----
    var selected = -1;
    var zoom = ROOT;
    var matched = null; // Uint8Array of the rows whose name matches, or null without a search
    var exactName = null;

    function select(n, from) {
      selected = n;
      $("selection").textContent = n >= 0 && n < N ? "selected: " + pathOf(n) : "";
      if (from !== "flame" && n >= 0 && D.hierarchical) zoom = n;
      drawSandwich();
      if (shown === "graph") drawFlame();
      if (shown === "tree") { revealInTree(n); renderTree(); }
      if (shown === "flat") renderFlat();
      if (shown === "nodes") renderNodes();
      if (shown === "time") renderTime();
    }
    function pathOf(n) {
      var parts = [];
      for (var m = n; m >= 0 && m !== ROOT; m = parent[m]) parts.push(names[m]);
      return parts.reverse().join(" \u2192 ");
    }
    function search(query, exact) {
      exactName = exact ? query : null;
      if (!query) {
        matched = null;
        $("search-result").textContent = "";
      } else {
        if (!exact && !lowerNames) lowerNames = names.map(function (s) { return s.toLowerCase(); });
        var q = query.toLowerCase();
        matched = new Uint8Array(N + 1);
        var count = 0, share = 0;
        var under = new Uint8Array(N + 1); // a match above: its time is counted already
        for (var k = 0; k < preorder.length; k++) {
          var n = preorder[k];
          if (n === ROOT) continue;
          var hit = exact ? names[n] === query : lowerNames[n].indexOf(q) >= 0;
          var above = under[parent[n]] === 1;
          if (hit) {
            matched[n] = 1;
            count++;
            if (inShownPart(n) && !D.hierarchical) share += R[n][COL.self_weight];
            else if (inShownPart(n) && !above) share += weight[n];
          }
          under[n] = hit || above ? 1 : 0;
        }
        $("search-result").textContent = count.toLocaleString("en-US") + " matching rows · "
          + pct(share, partTotal(shownPart)) + " of the total" + (PART_NAMES.length > 1 ? " of " + PART_WORDS[shownPart] : "") + " ("
          + fmtWeight(share) + (D.hierarchical ? "" : ", exclusive") + ")";
      }
      if (shown === "graph") drawFlame();
      if (shown === "flat") renderFlat();
      if (shown === "tree") renderTree();
    }
    var searchBox = $("search");
    searchBox.addEventListener("input", function () { search(searchBox.value.trim(), false); });
    // The part the flame graph draws, each with its own total: never added together, as they measure time twice.
    function showPart(part) {
      shownPart = part;
      weight[ROOT] = 0;
      for (var r = firstChild[ROOT]; r >= 0; r = nextSibling[r]) if (inShownPart(r)) weight[ROOT] += weight[r];
      names[ROOT] = "all " + PART_WORDS[part];
      zoom = ROOT;
      search(searchBox.value.trim() || exactName || "", exactName !== null);
      if (shown === "graph") drawFlame();
    }
    if (PART_NAMES.length > 1) {
      var partSelect = $("part");
      PART_NAMES.forEach(function (part) {
        var o = el("option", PART_WORDS[part] + " (" + fmtWeight(PART_TOTALS[part]) + ")");
        o.value = part;
        partSelect.appendChild(o);
      });
      partSelect.value = shownPart;
      partSelect.addEventListener("change", function () { showPart(partSelect.value); });
      $("part-label").hidden = false;
      names[ROOT] = "all " + PART_WORDS[shownPart];
    }

    // ---- hide: rows named so (a name, or /regex/) leave the tree, their callees go to the nearest caller shown, and
    // every share is taken of what is left (SEMANTICS.md "Filters", --hide, drawn from the rows of the page) ----
    function hide(query) {
      var test = null, problem = "";
      if (query) {
        var re = /^\/(.*)\/([i]?)$/.exec(query);
        if (re) {
          try { var rx = new RegExp(re[1], re[2]); test = function (s) { return rx.test(s); }; }
          catch (e) { problem = "not a regular expression: " + e.message; }
        } else {
          test = function (s) { return s === query; };
        }
      }
      var hidden = new Uint8Array(N + 1), count = 0;
      for (var k = 0; k < N; k++) if (test && test(names[k])) { hidden[k] = 1; count++; }
      parent.fill(-1); firstChild.fill(-1); lastChild.fill(-1); nextSibling.fill(-1);
      weight.set(treeWeight);
      absorbed.fill(-1);
      for (k = 0; k < N; k++) {
        if (hidden[k]) continue;
        var up = treeParent[k];
        while (up !== ROOT && up >= 0 && hidden[up]) up = treeParent[up];
        link(k, up < 0 ? ROOT : up);
      }
      var merged = test ? mergeSiblings() : 0;
      weight[ROOT] = 0;
      for (var r = firstChild[ROOT]; r >= 0; r = nextSibling[r]) if (inShownPart(r)) weight[ROOT] += weight[r];
      preorder = new Int32Array(N + 1);
      order();
      zoom = ROOT;
      if (selected >= 0 && hidden[selected]) selected = -1;
      while (selected >= 0 && absorbed[selected] >= 0) selected = absorbed[selected];
      $("hide-result").textContent = problem || (test ? count.toLocaleString("en-US") + " rows hidden"
        + (merged ? ", " + merged.toLocaleString("en-US") + " merged with a namesake sibling" : "") + " · total now "
        + fmtWeight(weight[ROOT]) : "");
      search(searchBox.value.trim(), false);
      drawSandwich();
      if (shown === "tree") renderTree();
    }
    // With rows hidden, callees that become siblings of one name (and part) are one frame, as --hide merges them:
    // the later one's weight and children go to the first, level by level. Returns how many were merged.
    function mergeSiblings() {
      var count = 0, stack = [ROOT];
      while (stack.length) {
        var p = stack.pop();
        var kids = [];
        for (var c = firstChild[p]; c >= 0; c = nextSibling[c]) kids.push(c);
        if (kids.length < 2) { if (kids.length) stack.push(kids[0]); continue; }
        firstChild[p] = -1; lastChild[p] = -1;
        var first = new Map();
        kids.forEach(function (c) {
          var key = names[c] + "\u0000" + partOf(c);
          var into = first.get(key);
          nextSibling[c] = -1;
          if (into === undefined) {
            first.set(key, c);
            link(c, p);
            return;
          }
          count++;
          absorbed[c] = into;
          weight[into] += weight[c];
          for (var g = firstChild[c]; g >= 0;) {
            var next = nextSibling[g];
            nextSibling[g] = -1;
            link(g, into);
            g = next;
          }
          firstChild[c] = -1; lastChild[c] = -1; parent[c] = -1;
        });
        first.forEach(function (c) { stack.push(c); });
      }
      return count;
    }

    // ---- sandwich: the selected region's callers and callees over every context, recursion counted once, as
    // --view callers NAME and --view callees NAME give them (SEMANTICS.md), three levels deep, from the rows shown ----
    var SANDWICH_LEVELS = 3;
    function drawSandwich() {
      var box = $("sandwich");
      if (!D.hierarchical || DIFF || selected < 0 || selected >= N) { box.hidden = true; return; }
      var name = names[selected];
      // Paths of up to SANDWICH_LEVELS names: callers upwards from the region, callees downwards, each summed over
      // the region's outermost occurrences (one inside another is counted in the outer one: recursion once).
      var callers = new Map(), callees = new Map(), total = 0, inner = 0;
      function add(map, path, v) { map.set(path, (map.get(path) || 0) + v); }
      function down(n, path, level) {
        for (var ch = firstChild[n]; ch >= 0; ch = nextSibling[ch]) {
          var p = path.concat([names[ch]]);
          add(callees, JSON.stringify(p), weight[ch]);
          if (level < SANDWICH_LEVELS) down(ch, p, level + 1);
        }
      }
      for (var k = 0; k < preorder.length; k++) {
        var n = preorder[k];
        if (n === ROOT || names[n] !== name) continue;
        var inside = false;
        for (var a = parent[n]; a >= 0 && a !== ROOT; a = parent[a]) if (names[a] === name) { inside = true; break; }
        if (inside) continue;
        total += weight[n];
        if (parent[n] === ROOT) add(callers, JSON.stringify(["(a root: no caller)"]), weight[n]);
        var up = [];
        for (var c = parent[n]; c >= 0 && c !== ROOT && up.length < SANDWICH_LEVELS; c = parent[c]) {
          up.push(names[c]);
          add(callers, JSON.stringify(up), weight[n]);
        }
        for (var ch = firstChild[n]; ch >= 0; ch = nextSibling[ch]) inner += weight[ch];
        down(n, [], 1);
      }
      box.hidden = false;
      $("sandwich-title").textContent = name;
      $("sandwich-note").textContent = fmtWeight(total) + " in every context (" + pct(total, weight[ROOT])
        + " of the total), " + fmtWeight(total - inner) + " of it in " + name + " itself; callers and callees "
        + SANDWICH_LEVELS + " levels deep. Click a name to select it.";
      fill("callers-table", "callers", callers, total);
      fill("callees-table", "callees", callees, total);
      // Rows as a tree: each path under its prefix, siblings largest first, indented by level.
      function fill(id, heading, values, whole) {
        var table = $(id), head = table.tHead, body = table.tBodies[0];
        clear(head); clear(body);
        var tr = head.appendChild(el("tr"));
        [heading, "inclusive", "share"].forEach(function (h) { tr.appendChild(el("th", h)); });
        var byPrefix = new Map();
        values.forEach(function (v, key) {
          var path = JSON.parse(key);
          var prefix = JSON.stringify(path.slice(0, -1));
          if (!byPrefix.has(prefix)) byPrefix.set(prefix, []);
          byPrefix.get(prefix).push({ path: path, key: key, v: v });
        });
        (function rows(prefix) {
          (byPrefix.get(prefix) || []).sort(function (x, y) { return y.v - x.v; }).forEach(function (e) {
            var last = e.path[e.path.length - 1];
            var row = body.appendChild(el("tr"));
            var cell = row.appendChild(el("td", last));
            cell.style.paddingLeft = (0.3 + 1.2 * (e.path.length - 1)) + "em";
            row.appendChild(el("td", fmtWeight(e.v)));
            row.appendChild(el("td", pct(e.v, whole)));
            row.addEventListener("click", function () {
              var first = names.indexOf(last);
              if (first >= 0 && parent[first] >= 0) select(first, "sandwich");
            });
            rows(e.key);
          });
        })("[]");
        if (!values.size) body.appendChild(el("tr")).appendChild(el("td", "none"));
      }
    }

    var hideBox = $("hide");
    if (D.hierarchical && !DIFF) {
      hideBox.addEventListener("change", function () { hide(hideBox.value.trim()); });
      var idle = $("hide-idle");
      idle.hidden = names.indexOf("(idle)") < 0;
      idle.addEventListener("click", function () { hideBox.value = "(idle)"; hide("(idle)"); });
    } else {
      hideBox.parentNode.hidden = true;
    }

    // ---- flame graph (icicle): canvas, frames narrower than half a pixel are left out with their subtrees ----
    var ROW = 18;
    var canvas = $("flame");
    var ctx = canvas.getContext("2d");
    var frames = { x: [], w: [], d: [], n: [] };
    var hueCache = new Map();
    function hue(name) {
      var h = hueCache.get(name);
      if (h === undefined) {
        h = 0;
        for (var j = 0; j < name.length; j++) h = (h * 31 + name.charCodeAt(j)) | 0;
        h = Math.abs(h);
        hueCache.set(name, h);
      }
      return h;
    }
    function layout(width) {
      frames = { x: [], w: [], d: [], n: [] };
      var chain = [];
      for (var m = zoom; m >= 0; m = parent[m]) chain.push(m);
      chain.reverse();
      for (var d = 0; d < chain.length - 1; d++) push(0, width, d, chain[d]);
      var base = chain.length - 1;
      var stack = [[zoom, 0, width, base]];
      var dropped = 0;
      while (stack.length) {
        var top = stack.pop();
        var n = top[0], x = top[1], w = top[2];
        if (w < 0.5) { dropped++; continue; }
        push(x, w, top[3], n);
        var total = weight[n];
        if (total <= 0) continue;
        for (var ch = firstChild[n]; ch >= 0; ch = nextSibling[ch]) {
          if (n === ROOT && !inShownPart(ch)) continue;
          var cw = w * weight[ch] / total;
          stack.push([ch, x, cw, top[3] + 1]);
          x += cw;
        }
      }
      return dropped;
    }
    function push(x, w, d, n) { frames.x.push(x); frames.w.push(w); frames.d.push(d); frames.n.push(n); }
    function drawFlame() {
      if (!D.hierarchical) {
        $("graph-note").textContent = "The " + D.view + " view's rows overlap (each region's time, wherever it was called):"
          + " the flame graph needs the tree or callpath view. The tables show every row.";
        canvas.hidden = true;
        drawBreadcrumb();
        return;
      }
      var dpr = window.devicePixelRatio || 1;
      var width = Math.max(200, $("flame-box").clientWidth || 1000);
      var dropped = layout(width);
      var depth = 0;
      for (var k = 0; k < frames.d.length; k++) if (frames.d[k] > depth) depth = frames.d[k];
      var height = (depth + 1) * ROW;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      canvas.style.height = height + "px";
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.font = "12px system-ui, sans-serif";
      ctx.textBaseline = "middle";
      for (k = 0; k < frames.n.length; k++) {
        var n = frames.n[k], x = frames.x[k], w = frames.w[k], y = frames.d[k] * ROW;
        var h = hue(names[n]);
        if (DIFF && !matched) {
          ctx.fillStyle = n === ROOT ? "hsl(0, 0%, 75%)" : changeColour(R[n][COL.change]);
        } else if (matched) {
          ctx.fillStyle = n !== ROOT && matched[n] ? "hsl(300, 70%, " + (55 + h % 15) + "%)" : "hsl(0, 0%, " + (80 + h % 10) + "%)";
        } else {
          ctx.fillStyle = n === ROOT ? "hsl(0, 0%, 75%)" : "hsl(" + (h % 50) + ", " + (70 + h % 25) + "%, " + (55 + (h >> 3) % 15) + "%)";
        }
        ctx.fillRect(x, y, Math.max(w - 0.5, 0.5), ROW - 1);
        if (n === selected) {
          ctx.strokeStyle = "#1f6feb";
          ctx.lineWidth = 2;
          ctx.strokeRect(x + 1, y + 1, Math.max(w - 2.5, 1), ROW - 3);
        }
        if (w > 28) {
          ctx.fillStyle = "#000";
          ctx.fillText(fit(names[n], w - 6), x + 3, y + ROW / 2);
        }
      }
      $("graph-note").textContent = (DIFF ? "Widths: B's " + D.measure.name + "; colour: the change from A (red: more in B,"
        + " blue: less; rows only in A have no width in B and are in the tables). " : "") + (dropped > 0
        ? dropped.toLocaleString("en-US") + " frames narrower than half a pixel are not drawn (with what they call):"
          + " click a frame to zoom into it." : "Click a frame to zoom into it, the breadcrumb to zoom out; hover for its numbers.");
      drawBreadcrumb();
    }
    var maxChange = 0;
    if (DIFF) for (i = 0; i < N; i++) maxChange = Math.max(maxChange, Math.abs(R[i][COL.change] || 0));
    // Red where B takes more than A, blue where less, the deeper the larger the change; grey for no change.
    function changeColour(change) {
      if (!change || maxChange === 0) return "hsl(0, 0%, 86%)";
      var t = Math.min(1, Math.abs(change) / maxChange);
      return (change > 0 ? "hsl(0, 85%, " : "hsl(215, 85%, ") + Math.round(90 - 45 * t) + "%)";
    }
    function fit(text, px) {
      if (ctx.measureText(text).width <= px) return text;
      var lo = 0, hi = text.length;
      while (lo < hi) {
        var mid = (lo + hi + 1) >> 1;
        if (ctx.measureText(text.slice(0, mid) + "\u2026").width <= px) lo = mid; else hi = mid - 1;
      }
      return lo > 0 ? text.slice(0, lo) + "\u2026" : "";
    }
    function drawBreadcrumb() {
      var bc = $("breadcrumb");
      clear(bc);
      var chain = [];
      for (var m = zoom; m >= 0; m = parent[m]) chain.push(m);
      chain.reverse().forEach(function (n, k) {
        if (k > 0) bc.appendChild(el("span", "\u203a", "sep"));
        var b = el("button", names[n]);
        b.type = "button";
        b.addEventListener("click", function () { zoom = n; drawFlame(); });
        bc.appendChild(b);
      });
    }
    function frameAt(px, py) {
      var d = Math.floor(py / ROW);
      for (var k = frames.n.length - 1; k >= 0; k--) {
        if (frames.d[k] === d && px >= frames.x[k] && px < frames.x[k] + frames.w[k]) return frames.n[k];
      }
      return -1;
    }
    canvas.addEventListener("click", function (e) {
      var r = canvas.getBoundingClientRect();
      var n = frameAt(e.clientX - r.left, e.clientY - r.top);
      if (n < 0) return;
      zoom = n;
      select(n === ROOT ? -1 : n, "flame");
    });
    var tip = $("tooltip");
    canvas.addEventListener("mousemove", function (e) {
      var r = canvas.getBoundingClientRect();
      var n = frameAt(e.clientX - r.left, e.clientY - r.top);
      if (n < 0) { tip.hidden = true; return; }
      showTip(n, e.clientX, e.clientY);
    });
    canvas.addEventListener("mouseleave", function () { tip.hidden = true; });
    function showTip(n, cx, cy) {
      clear(tip);
      tip.appendChild(el("div", names[n], "name"));
      var t = el("table");
      function line(k, v) {
        var tr = el("tr");
        tr.appendChild(el("td", k));
        tr.appendChild(el("td", v));
        t.appendChild(tr);
      }
      if (n === ROOT) {
        if (PART_NAMES.length > 1) {
          PART_NAMES.forEach(function (part) { line("total of " + PART_WORDS[part], fmtWeight(PART_TOTALS[part])); });
        } else {
          line("total", fmtWeight(weight[ROOT]));
        }
      } else {
        var row = R[n];
        if (row[COL.callsite]) line("callsite", row[COL.callsite]);
        if (PART_NAMES.length > 1) line("part", PART_WORDS[partOf(n)]);
        line("share of total", pct(weight[n], partTotal(partOf(n))));
        if (parent[n] !== ROOT) line("share of caller", pct(weight[n], weight[parent[n]]));
        if (weight[n] !== treeWeight[n]) {
          // Namesakes merged into it by hiding: the row's own columns are of its first context only.
          line("merged by hiding", fmtWeight(weight[n]));
          line("columns below", "of one context");
        }
        D.columns.forEach(function (col, j) {
          if (!HIDDEN[col]) line(label(col), fmtColumn(col, row[j]));
        });
        if (!measureIsTime) line(D.measure.name, fmtWeight(weight[n]));
      }
      tip.appendChild(t);
      tip.hidden = false;
      var x = Math.min(cx + 14, window.innerWidth - tip.offsetWidth - 8);
      var y = cy + 16 + tip.offsetHeight > window.innerHeight ? cy - tip.offsetHeight - 8 : cy + 16;
      tip.style.left = Math.max(0, x) + "px";
      tip.style.top = Math.max(0, y) + "px";
    }

    // ---- tables: a header click sorts (again: the other way) ----
    var tableColumns = D.columns.filter(function (col) { return !HIDDEN[col]; });
    function header(table, cols, sort, onSort) {
      var thead = table.tHead;
      clear(thead);
      var tr = el("tr");
      cols.forEach(function (col) {
        var th = el("th", col.label);
        th.title = col.title || col.label;
        if (sort.key === col.key) { th.classList.add("sorted"); if (sort.asc) th.classList.add("asc"); }
        th.addEventListener("click", function () {
          if (sort.key === col.key) sort.asc = !sort.asc; else { sort.key = col.key; sort.asc = col.key === "name"; }
          onSort();
        });
        tr.appendChild(th);
      });
      thead.appendChild(tr);
    }
    function compare(get, asc) {
      return function (a, b) {
        var x = get(a), y = get(b);
        if (x === y) return a - b;
        if (x === null || x === undefined) return 1;
        if (y === null || y === undefined) return -1;
        var r = typeof x === "string" ? x.localeCompare(y) : x - y;
        return asc ? r : -r;
      };
    }
    function rowColumns() {
      var cols = [{ key: "name", label: "name" }, { key: "share", label: DIFF ? "% of B" : "% of total" }];
      tableColumns.forEach(function (col) {
        cols.push({ key: col, label: label(col), title: col });
      });
      if (!measureIsTime) cols.push({ key: "weight", label: D.measure.name + " (" + D.measure.unit + ")" });
      return cols;
    }
    function cellValue(n, key) {
      if (key === "share") return partTotal(partOf(n)) > 0 ? weight[n] / partTotal(partOf(n)) : null;
      if (key === "name") return names[n];
      return R[n][COL[key]];
    }
    function fullPath(n) {
      var parts = [];
      for (var m = n; m >= 0 && m !== ROOT; m = parent[m]) parts.push(names[m]);
      return parts.reverse().join(" => ");
    }
    function cellText(n, key) {
      if (key === "share") return pct(weight[n], partTotal(partOf(n)));
      if (key === "weight") return fmtNumber(weight[n]);
      return fmtColumn(key, R[n][COL[key]]);
    }
    function hotImbalance(key, v) { return key === "imbalance" && v !== null && v >= 1.25; }

    // Flat table: in tree views, one row per region as the flat view counts it (SEMANTICS.md "flat"): exclusive,
    // calls and subcalls summed, inclusive summed over the contexts without the same region above; in flat and
    // tau views, the report's rows themselves.
    var flatSort = { key: "inclusive", asc: false };
    var flatShown = 300;
    var flatRows = null;
    function buildFlat() {
      if (flatRows) return flatRows;
      var byName = new Map();
      var onPath = new Map();
      var stackNames = [];
      var depthOf = new Int32Array(N + 1);
      for (var k = 0; k < preorder.length; k++) {
        var n = preorder[k];
        if (n === ROOT) continue;
        depthOf[n] = depthOf[parent[n]] + 1;
        while (stackNames.length >= depthOf[n]) {
          var gone = stackNames.pop();
          onPath.set(gone, onPath.get(gone) - 1);
        }
        var name = names[n];
        var part = partOf(n);
        var f = byName.get(part + "\u0000" + name);
        if (!f) {
          f = { name: name, part: part, inclusive: 0, exclusive: 0, calls: 0, subcalls: 0, contexts: 0, first: n };
          byName.set(part + "\u0000" + name, f);
        }
        var row = R[n];
        var outermost = !(onPath.get(name) > 0);
        if (outermost) f.inclusive += weight[n];
        f.exclusive += row[COL.self_weight];
        // A sampled row counts samples: a sample through a recursive region is one sample of it.
        if (outermost || part !== "samples") f.calls += row[COL.calls] || 0;
        f.subcalls += row[COL.subcalls] || 0;
        f.contexts++;
        stackNames.push(name);
        onPath.set(name, (onPath.get(name) || 0) + 1);
      }
      flatRows = Array.from(byName.values());
      if (D.flat_percentiles) {
        // The flat view's own percentiles (the writer's): a region's calls in all its contexts, merged sketches.
        var fp = new Map();
        D.flat_percentiles.rows.forEach(function (r) { if (!fp.has(r[0]) || r[1] === "thread") fp.set(r[0], r); });
        flatRows.forEach(function (f) {
          var r = fp.get(f.name);
          D.flat_percentiles.columns.forEach(function (col, j) { f[col] = r ? r[2 + j] : null; });
        });
      }
      return flatRows;
    }
    function renderFlat() {
      var table = $("flat-table");
      var tbody = table.tBodies[0];
      clear(tbody);
      if (!D.hierarchical || DIFF) return renderRowTable(table, flatSort, function () { renderFlat(); }, $("flat-more"));
      var list = buildFlat();
      var unitLabel = measureIsTime ? "" : " (" + D.measure.unit + ")";
      var cols = [{ key: "name", label: "name" }, { key: "inclusive", label: "inclusive" + unitLabel },
        { key: "share", label: "% of total" }, { key: "exclusive", label: "exclusive" + unitLabel },
        { key: "calls", label: "calls" }, { key: "subcalls", label: "subcalls" },
        { key: "contexts", label: "calling contexts" }];
      var flatPercentiles = D.flat_percentiles ? D.flat_percentiles.columns : [];
      flatPercentiles.forEach(function (col) { cols.push({ key: col, label: label(col), title: col }); });
      header(table, cols, flatSort, renderFlat);
      var key = flatSort.key === "share" ? "inclusive" : flatSort.key;
      var order = list.map(function (_, k) { return k; });
      order.sort(compare(function (k) { return list[k][key]; }, flatSort.asc));
      $("flat-note").textContent = "One row per region, as the flat view counts it: inclusive time once per region"
        + " however deeply it recurses. Click a row to show where it runs in the flame graph.";
      var selName = selected >= 0 ? names[selected] : exactName;
      order.slice(0, flatShown).forEach(function (k) {
        var f = list[k];
        var tr = el("tr");
        tr.appendChild(el("td", f.name));
        tr.appendChild(el("td", fmtWeight(f.inclusive)));
        tr.appendChild(el("td", pct(f.inclusive, partTotal(f.part))));
        tr.appendChild(el("td", fmtWeight(f.exclusive)));
        tr.appendChild(el("td", fmtNumber(f.calls)));
        tr.appendChild(el("td", fmtNumber(f.subcalls)));
        tr.appendChild(el("td", fmtNumber(f.contexts)));
        flatPercentiles.forEach(function (col) { tr.appendChild(el("td", fmtTime(f[col]))); });
        if (f.name === selName) tr.classList.add("selected");
        if (matched && matched[f.first] && !exactName) tr.classList.add("match");
        tr.addEventListener("click", function () {
          searchBox.value = "";
          search(f.name, true);
          selected = f.first;
          $("selection").textContent = "region: " + f.name;
          showTab("graph");
        });
        tbody.appendChild(tr);
      });
      more($("flat-more"), order.length, function () { flatShown += 300; renderFlat(); });
    }
    function more(button, total, grow) {
      button.hidden = total <= flatShown;
      button.textContent = "Show more (" + Math.min(flatShown, total).toLocaleString("en-US") + " of "
        + total.toLocaleString("en-US") + " rows shown)";
      button.onclick = grow;
    }
    function renderRowTable(table, sort, again, moreButton) {
      var cols = rowColumns();
      if (sort.key === "inclusive") sort.key = DIFF ? "delta_" + DIFF.sort : "inclusive_ns";
      header(table, cols, sort, again);
      var order = [];
      for (var n = 0; n < N; n++) order.push(n);
      order.sort(compare(function (n) { return cellValue(n, sort.key); }, sort.asc));
      $("flat-note").textContent = DIFF ? "The rows of A and B, matched as a merge matches them; delta is B minus A."
        + " Click a row to select it." : "The " + D.view + " view's rows. Click a row to select it.";
      var tbody = table.tBodies[0];
      order.slice(0, flatShown).forEach(function (n) { tbody.appendChild(rowElement(n, cols, null)); });
      more(moreButton, order.length, function () { flatShown += 300; again(); });
    }
    function rowElement(n, cols, toggle) {
      var tr = el("tr");
      cols.forEach(function (col, j) {
        var td;
        if (j === 0) {
          td = el("td");
          td.style.paddingLeft = toggle ? (6 + 14 * toggle.depth) + "px" : "";
          if (toggle) td.appendChild(toggle.element);
          // A table of a tree's rows without the tree (a diff's flat table): each row's whole path, so that
          // the contexts of one region are told apart.
          td.appendChild(document.createTextNode(!toggle && D.hierarchical ? fullPath(n) : names[n]));
          if (R[n][COL.callsite]) td.appendChild(el("small", " @ " + R[n][COL.callsite], "callsite"));
        } else {
          td = el("td", cellText(n, col.key));
          if (hotImbalance(col.key, R[n][COL[col.key]])) td.className = "hot";
        }
        tr.appendChild(td);
      });
      if (n === selected) tr.classList.add("selected");
      if (matched && matched[n]) tr.classList.add("match");
      tr.addEventListener("click", function (e) {
        if (e.target.classList && e.target.classList.contains("toggle")) return;
        select(n, "table");
      });
      return tr;
    }

    // Tree table: a row's children sorted by the chosen column; only open rows are drawn.
    var treeSort = { key: DIFF ? "delta_" + DIFF.sort : "inclusive_ns", asc: false };
    var open = new Uint8Array(N + 1);
    open[ROOT] = 1;
    (function () {
      // The heaviest path open a few levels down, so that the first view says something.
      var n = ROOT;
      for (var lvl = 0; lvl < 4 && n >= 0; lvl++) {
        open[n] = 1;
        var best = -1;
        for (var ch = firstChild[n]; ch >= 0; ch = nextSibling[ch]) if (best < 0 || weight[ch] > weight[best]) best = ch;
        n = best;
      }
    })();
    var TREE_LIMIT = 2000;
    function revealInTree(n) {
      for (var m = parent[n]; m >= 0; m = parent[m]) open[m] = 1;
    }
    function renderTree() {
      var table = $("tree-table");
      var tbody = table.tBodies[0];
      clear(tbody);
      var cols = rowColumns();
      header(table, cols, treeSort, renderTree);
      var cmp = compare(function (n) { return cellValue(n, treeSort.key); }, treeSort.asc);
      var drawn = 0;
      var stack = [[ROOT, -1]];
      while (stack.length && drawn < TREE_LIMIT) {
        var top = stack.pop(), n = top[0], depth = top[1];
        if (n !== ROOT) {
          var hasKids = firstChild[n] >= 0;
          var t = el("span", hasKids ? (open[n] ? "\u25BE" : "\u25B8") : "", "toggle");
          if (hasKids) {
            t.addEventListener("click", (function (m) {
              return function () { open[m] = open[m] ? 0 : 1; renderTree(); };
            })(n));
          }
          var tr = rowElement(n, cols, { depth: depth, element: t });
          tbody.appendChild(tr);
          if (n === selected) tr.scrollIntoView({ block: "nearest" });
          drawn++;
        }
        if (!open[n]) continue;
        var kids = [];
        for (var ch = firstChild[n]; ch >= 0; ch = nextSibling[ch]) kids.push(ch);
        kids.sort(cmp);
        for (var j = kids.length - 1; j >= 0; j--) stack.push([kids[j], depth + 1]);
      }
      if (stack.length) tbody.appendChild(el("tr")).appendChild(el("td", "\u2026 more open rows than "
        + TREE_LIMIT + " are not drawn: close some rows."));
    }

    // ---- per node (merges): the selected row's inclusive time on every node ----
    var PN = D.per_node || null;
    var hasBreakdown = COL.imbalance !== undefined;
    if (PN || hasBreakdown) document.querySelector('#tabs button[data-tab="nodes"]').hidden = false;
    var pnSlot = new Map();
    if (PN) PN.rows.forEach(function (id, k) { if (idIndex.has(id)) pnSlot.set(idIndex.get(id), k); });
    var chart = null;
    function worstRows() {
      var list;
      if (D.imbalance_rows) {
        list = D.imbalance_rows.filter(function (id) { return idIndex.has(id); }).map(function (id) { return idIndex.get(id); });
      } else if (hasBreakdown) {
        list = [];
        for (var n = 0; n < N; n++) if (R[n][COL.imbalance] !== null) list.push(n);
        list.sort(compare(function (n) { return R[n][COL.imbalance]; }, false));
      } else {
        list = Array.from(pnSlot.keys());
      }
      return list.slice(0, 20);
    }
    function renderNodes() {
      var worst = worstRows();
      var n = selected >= 0 ? selected : (worst.length ? worst[0] : (PN && pnSlot.size ? pnSlot.keys().next().value : -1));
      $("nodes-row").textContent = n >= 0 ? pathOf(n) : "no row selected";
      var stats = $("nodes-stats");
      clear(stats);
      var box = $("nodes-chart");
      clear(box);
      if (chart) { chart.destroy(); chart = null; }
      var values = n >= 0 && PN && pnSlot.has(n) ? PN.inclusive_ns[pnSlot.get(n)] : null;
      var min, mean, max, ofMax, imb;
      if (n >= 0 && hasBreakdown) {
        var row = R[n];
        min = row[COL.node_min_inclusive_ns]; max = row[COL.node_max_inclusive_ns]; mean = row[COL.node_mean_inclusive_ns];
        ofMax = row[COL.node_of_max]; imb = row[COL.imbalance];
      } else if (values) {
        var present = values.map(function (v) { return v === null ? 0 : v; });
        min = Math.min.apply(null, present); max = Math.max.apply(null, present);
        mean = present.reduce(function (a, b) { return a + b; }, 0) / present.length;
        ofMax = PN.nodes[present.indexOf(max)]; imb = mean > 0 ? max / mean : null;
      }
      if (n >= 0 && min !== undefined) {
        stats.appendChild(document.createTextNode("min " + fmtTime(min) + " · mean " + fmtTime(mean) + " · max "
          + fmtTime(max) + " on " + ofMax + " · "));
        stats.appendChild(el("span", "imbalance (max / mean) " + fmtNumber(imb), imb >= 1.25 ? "hot" : ""));
      }
      var percentileColumns = D.columns.filter(function (col) { return PERCENTILE_COLUMN.test(col); });
      if (n >= 0 && percentileColumns.length) {
        stats.appendChild(document.createTextNode(" · per call over every node's calls: " + percentileColumns.map(
          function (col) { return label(col).replace(" per call", "") + " " + fmtTime(R[n][COL[col]]); }).join(", ")));
      }
      renderNodesOverTime(n);
      var note = $("nodes-note");
      var metric = $("nodes-metric").value;
      if (values && metric && PN.percentiles) {
        values = PN.percentiles.values[pnSlot.get(n)][PN.percentiles.columns.indexOf(metric)];
      }
      if (values) {
        drawChart(box, values, metric ? label(metric) : "inclusive time");
        var absent = values.filter(function (v) { return v === null; }).length;
        note.textContent = PN.nodes.length.toLocaleString("en-US") + " nodes" + (absent ? ", " + absent.toLocaleString("en-US")
          + (metric ? " without a timed call of this row" : " without this row") + " (drawn as 0)" : "")
          + ". Per-node values are kept for " + PN.rows.length + " of "
          + PN.rows_total + " rows (the worst imbalance, then the heaviest).";
      } else {
        note.textContent = PN ? "This row's per-node values are not in the page: they are kept for " + PN.rows.length
          + " of " + PN.rows_total + " rows (the worst imbalance, then the heaviest); pick one in the table below."
          : "The per-node values are in reports of 'ppw-java report' and 'merge --format html' of several nodes.";
      }
      var table = $("worst-table");
      clear(table.tBodies[0]);
      var cols = [{ key: "name", label: "row" }, { key: "imbalance", label: "imbalance" },
        { key: "node_max_inclusive_ns", label: "max over nodes" }, { key: "node_mean_inclusive_ns", label: "mean" },
        { key: "node_min_inclusive_ns", label: "min" }, { key: "node_of_max", label: "node of max" }]
        .filter(function (c) { return c.key === "name" || COL[c.key] !== undefined; });
      header(table, cols, { key: "imbalance", asc: false }, function () { });
      worst.forEach(function (m) {
        var tr = el("tr");
        tr.appendChild(el("td", pathOf(m)));
        cols.slice(1).forEach(function (c) {
          var td = el("td", fmtColumn(c.key, R[m][COL[c.key]]));
          if (hotImbalance(c.key, R[m][COL[c.key]])) td.className = "hot";
          tr.appendChild(td);
        });
        if (m === n) tr.classList.add("selected");
        tr.addEventListener("click", function () { select(m, "table"); });
        table.tBodies[0].appendChild(tr);
      });
    }
    function drawChart(box, values, what) {
      var sorted = $("nodes-sorted").checked;
      var order = values.map(function (_, k) { return k; });
      if (sorted) order.sort(function (a, b) { return (values[a] || 0) - (values[b] || 0); });
      var xs = order.map(function (_, k) { return k; });
      var ys = order.map(function (k) { return values[k] === null ? 0 : values[k]; });
      var mean = ys.reduce(function (a, b) { return a + b; }, 0) / (ys.length || 1);
      var readout = el("p", "", "note");
      var opts = {
        width: Math.max(300, box.clientWidth || 900), height: 260, legend: { show: false },
        scales: {
          x: { time: false, range: function () { return [-0.5, ys.length - 0.5]; } },
          y: { range: function (u, min, max) { return [Math.min(0, min), max > 0 ? max * 1.05 : 1]; } }
        },
        cursor: { drag: { x: true, y: false } },
        series: [{}, {
          stroke: "#c2410c", fill: "rgba(234, 88, 12, 0.5)",
          paths: uPlot.paths.bars({ size: [0.9, 40, 1], align: 0 }), points: { show: false }
        }, { stroke: "#1f6feb", dash: [6, 4], points: { show: false } }],
        axes: [{ label: sorted ? "nodes, sorted by this row's " + what : "node (input order)",
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000] },
          { size: 90, values: function (u, ticks) { return ticks.map(fmtAxisTime); } }],
        hooks: {
          setCursor: [function (u) {
            var k = u.cursor.idx;
            readout.textContent = k === null || k === undefined ? "mean " + fmtTime(mean) + " (dashed line)"
              : PN.nodes[order[k]] + ": " + (values[order[k]] === null ? (what === "inclusive time" ? "no such row"
                : "no timed call of this row") : fmtTime(values[order[k]]));
          }]
        }
      };
      chart = new uPlot(opts, [xs, ys, ys.map(function () { return mean; })], box);
      box.appendChild(readout);
      readout.textContent = "mean " + fmtTime(mean) + " (dashed line); hover a bar for its node";
    }
    $("nodes-sorted").addEventListener("change", renderNodes);
    if (PN && PN.percentiles) {
      // The bars: each node's inclusive time of the row, or a percentile of the row's calls on that node.
      var metricBox = $("nodes-metric");
      [""].concat(PN.percentiles.columns).forEach(function (col) {
        var o = el("option", col ? label(col) : "inclusive time");
        o.value = col;
        metricBox.appendChild(o);
      });
      $("nodes-metric-label").hidden = false;
      metricBox.addEventListener("change", renderNodes);
    }

    // ---- over time (D.time_bins): rows' time per bin as stacked areas or a heat map, counters as lines ----
    var TB = D.time_bins || null;
    var PNT = D.per_node_time || null;
    if (TB) document.querySelector('#tabs button[data-tab="time"]').hidden = false;
    var tbSlot = new Map();
    if (TB) TB.rows.forEach(function (id, k) { if (idIndex.has(id)) tbSlot.set(idIndex.get(id), k); });
    var pntSlot = new Map();
    if (PNT) PNT.rows.forEach(function (id, k) { if (idIndex.has(id)) pntSlot.set(idIndex.get(id), k); });
    var SERIES_SHOWN = 8, HEAT_ROWS = 30, COUNTER_CHARTS = 8;
    var PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
      "#9c755f", "#86bcb6"];
    var OTHER_COLOUR = "#c9c9c9";
    // The bins shown: [first, end) of TB's bins; null shows them all. Shared by the charts and the heat maps.
    var binRange = null;
    var timeCharts = [];
    var timeSeriesShown = [];
    var syncingScale = false;

    function timeOption(name) { return document.querySelector('input[name="' + name + '"]:checked').value; }
    // x in seconds: relative to the node's first event (bin 0 starts at 0), or the trace clock's.
    // A trace clock's times can be large (nanoseconds since 1970: beyond a double's exact integers): the page
    // shows them after a whole second of that clock, so that the charts' seconds keep their digits.
    var clockBase = TB && TB.absolute ? Math.floor(TB.start_ns / 1e9) : 0;
    // Where bin k starts, in nanoseconds after the base; in seconds for the charts' x.
    function binEdgeNs(k) { return TB.start_ns - clockBase * 1e9 + k * TB.width_ns; }
    function binX(k) { return binEdgeNs(k) / 1e9; }
    function binLabel(k) {
      return "bin " + (k + 1).toLocaleString("en-US") + " of " + TB.count.toLocaleString("en-US") + ": "
        + fmtSeconds(binEdgeNs(k)) + " \u2013 " + fmtSeconds(binEdgeNs(k + 1)) + (clockBase ? " after " + clockBase + " s" : "");
    }
    function fmtSeconds(ns) {
      var digits = TB.width_ns % 1e9 === 0 ? 0 : TB.width_ns % 1e6 === 0 ? 3 : TB.width_ns % 1e3 === 0 ? 6 : 9;
      return (ns / 1e9).toFixed(digits) + " s";
    }
    function sumOf(a) { var t = 0; for (var k = 0; k < a.length; k++) t += a[k]; return t; }
    function binValues(n, metric) { return TB[metric + "_ns"][tbSlot.get(n)]; }
    function keptChildren(f) {
      var kids = [];
      for (var ch = firstChild[f]; ch >= 0; ch = nextSibling[ch]) if (tbSlot.has(ch)) kids.push(ch);
      return kids;
    }
    // What inclusive time is split by: the selected row's callees (the flame graph's zoom without a selection),
    // or the closest caller with callees in the page; at the top, the roots, or the only root's callees.
    function timeFocus() {
      var f = selected >= 0 ? selected : zoom;
      while (f !== ROOT && f >= 0 && keptChildren(f).length === 0) f = parent[f];
      if (f < 0) f = ROOT;
      var roots = keptChildren(ROOT);
      if (f === ROOT && roots.length === 1 && keptChildren(roots[0]).length > 0) f = roots[0];
      return f;
    }
    function heaviest(list, metric, count) {
      var totals = new Map();
      list.forEach(function (n) { totals.set(n, sumOf(binValues(n, metric))); });
      return list.slice().sort(function (a, b) { return totals.get(b) - totals.get(a) || a - b; }).slice(0, count);
    }
    // The series of the chart: {name, row (-1: other), values}; stacked when they add up to a whole.
    function timeSeries(metric, count) {
      var all = Array.from(tbSlot.keys());
      var chosen, whole = null, title, otherName;
      if (metric === "inclusive" && D.hierarchical) {
        var f = timeFocus();
        chosen = heaviest(keptChildren(f), metric, count);
        if (f === ROOT) {
          whole = new Float64Array(TB.count);
          keptChildren(ROOT).forEach(function (r) { var v = binValues(r, metric); for (var k = 0; k < TB.count; k++) whole[k] += v[k]; });
          title = "Inclusive time per bin of the roots";
          otherName = "the other roots";
        } else {
          whole = binValues(f, metric);
          title = "Inclusive time per bin of " + pathOf(f) + ", split by its callees";
          otherName = names[f] + ": own time and the other callees";
        }
      } else if (metric === "inclusive") {
        chosen = heaviest(all, metric, count);
        title = "Inclusive time per bin of the heaviest rows (they overlap: lines, not stacked)";
      } else {
        chosen = heaviest(all, metric, count);
        whole = new Float64Array(TB.count);
        // The whole: every row's exclusive time, which in a tree is the roots' inclusive time.
        var parts = D.hierarchical ? keptChildren(ROOT) : all;
        parts.forEach(function (r) {
          var v = binValues(r, D.hierarchical ? "inclusive" : "exclusive");
          for (var k = 0; k < TB.count; k++) whole[k] += v[k];
        });
        title = "Exclusive time per bin of the rows with the most";
        otherName = "every other row";
      }
      var series = chosen.map(function (n) { return { name: names[n], row: n, values: binValues(n, metric) }; });
      if (whole) {
        var other = new Float64Array(TB.count), any = false;
        for (var k = 0; k < TB.count; k++) {
          var rest = whole[k];
          series.forEach(function (s) { rest -= s.values[k]; });
          other[k] = rest;
          if (rest !== 0) any = true;
        }
        if (any) series.push({ name: otherName, row: -1, values: other });
      }
      return { series: series, stacked: whole !== null, title: title };
    }
    function colourOf(s, i) { return s.row < 0 ? OTHER_COLOUR : PALETTE[i % PALETTE.length]; }
    function destroyTimeCharts() {
      timeCharts.forEach(function (c) { c.destroy(); });
      timeCharts = [];
    }
    function renderTime() {
      if (!TB) return;
      destroyTimeCharts();
      var metric = timeOption("time-metric"), kind = timeOption("time-kind");
      var box = $("time-chart"), readout = $("time-readout"), legend = $("time-legend");
      clear(box); clear(readout); clear(legend);
      readout.className = "readout";
      var chosen = timeSeries(metric, kind === "heat" ? HEAT_ROWS : SERIES_SHOWN);
      timeSeriesShown = chosen.series;
      $("time-title").textContent = chosen.title;
      var kept = TB.rows.length < TB.rows_total ? " The page keeps the bins of " + TB.rows.length.toLocaleString("en-US")
        + " of " + TB.rows_total.toLocaleString("en-US") + " rows (the most exclusive time, then the heaviest)." : "";
      $("time-note").textContent = TB.count.toLocaleString("en-US") + " bins of " + fmtTime(TB.width_ns) + ", x in seconds "
        + (TB.absolute ? "on the trace's clock" : "from the start") + ". Drag to zoom, double-click to zoom out; click a "
        + (kind === "heat" ? "row" : "band") + " to select its row." + kept;
      if (kind === "heat") {
        var rows = chosen.series.filter(function (s) { return s.row >= 0; });
        drawHeat(box, rows.map(function (s) { return s.name; }), rows.map(function (s) { return s.values; }), readout,
          function (i) { select(rows[i].row, "time"); }, rows.map(function (s) { return pathOf(s.row); }));
      } else {
        drawArea(box, chosen, readout, legend);
      }
      drawCounters($("time-counters"));
    }
    Array.prototype.slice.call(document.querySelectorAll('#time input[type="radio"]')).forEach(function (r) {
      r.addEventListener("change", renderTime);
    });
    // Zoom of one chart: every time chart and heat map follows.
    function zoomed(u) {
      if (syncingScale) return;
      var min = u.scales.x.min, max = u.scales.x.max;
      var full = min <= binX(0) + 1e-12 && max >= binX(TB.count) - 1e-12;
      binRange = full ? null : [Math.max(0, Math.floor((min * 1e9 - binEdgeNs(0)) / TB.width_ns)),
        Math.min(TB.count, Math.ceil((max * 1e9 - binEdgeNs(0)) / TB.width_ns))];
      syncingScale = true;
      timeCharts.forEach(function (c) { if (c !== u) c.setScale("x", { min: min, max: max }); });
      syncingScale = false;
    }
    function timeXs() {
      var xs = new Array(TB.count + 1);
      for (var k = 0; k <= TB.count; k++) xs[k] = binX(k);
      return xs;
    }
    // A bin's values drawn as a step from its start to its end: the last bin's values again at the end.
    function stepped(values) {
      var a = Array.prototype.slice.call(values);
      a.push(values.length ? values[values.length - 1] : null);
      return a;
    }
    function timeChartOptions(width, height, yFormat, onCursor) {
      var opts = {
        width: width, height: height, legend: { show: false },
        cursor: { drag: { x: true, y: false, setScale: true }, sync: { key: "ppw-time", setSeries: false }, points: { show: false } },
        // Every chart spans all the bins, whatever its data's first and last x (counters: bin middles); a zoom
        // asks for its own range.
        scales: { x: { time: false, range: function (u, min, max) {
          var xs = u.data[0];
          return min === xs[0] && max === xs[xs.length - 1] ? [binX(0), binX(TB.count)] : [min, max];
        } } },
        series: [{}],
        axes: [{ label: TB.absolute ? "s on the trace clock, after " + clockBase + " s" : "s from the start",
          values: function (u, ticks) { return ticks.map(function (t) { return +t.toPrecision(12) + ""; }); }
        }, { size: 90, values: function (u, ticks) { return ticks.map(yFormat); } }],
        hooks: {
          setScale: [function (u, key) { if (key === "x") zoomed(u); }],
          setCursor: [function (u) {
            // uPlot may report a cursor of a chart already replaced: its readout belongs to the new one.
            if (timeCharts.indexOf(u) < 0 && u !== nodesTimeChart) return;
            var idx = u.cursor.idx;
            onCursor(idx === null || idx === undefined ? -1 : Math.min(idx, TB.count - 1));
          }]
        }
      };
      return opts;
    }
    function applyRange(u) {
      if (!binRange) return;
      syncingScale = true;
      u.setScale("x", { min: binX(binRange[0]), max: binX(binRange[1]) });
      syncingScale = false;
    }
    function drawArea(box, chosen, readout, legend) {
      var series = chosen.series, n = TB.count;
      // Stacked: series 0 at the bottom; uPlot draws in order, so the highest sum first, each filled down to 0.
      var drawn = [];
      var running = new Float64Array(n);
      series.forEach(function (s, i) {
        var line = new Float64Array(n);
        for (var k = 0; k < n; k++) { running[k] = chosen.stacked ? running[k] + s.values[k] : s.values[k]; line[k] = running[k]; }
        drawn.push({ s: s, i: i, top: line });
      });
      var order = chosen.stacked ? drawn.slice().reverse() : drawn;
      var opts = timeChartOptions(Math.max(300, box.clientWidth || 900), 320, fmtAxisTime, function (bin) {
        showBin(readout, bin, series.map(function (s, i) { return [colourOf(s, i), s.name, s.values[bin]]; }));
      });
      order.forEach(function (d) {
        opts.series.push({ label: "s" + d.i, stroke: colourOf(d.s, d.i), width: 1,
          fill: chosen.stacked ? colourOf(d.s, d.i) : undefined, paths: uPlot.paths.stepped({ align: 1 }),
          points: { show: false } });
      });
      opts.scales.y = { range: function (u, min, max) { return [Math.min(0, min), max > 0 ? max * 1.05 : 1]; } };
      var data = [timeXs()].concat(order.map(function (d) { return stepped(d.top); }));
      syncingScale = true; // its first scale is the data's: not a zoom
      var u = new uPlot(opts, data, box);
      syncingScale = false;
      timeCharts.push(u);
      applyRange(u);
      showBin(readout, -1, null);
      // A click (not a drag) picks the band under the pointer: the lowest whose top is above the pointer.
      var down = null;
      u.over.addEventListener("mousedown", function (e) { down = [e.clientX, e.clientY]; });
      u.over.addEventListener("click", function (e) {
        // Not a drag (a zoom), nor the second click of a double click (uPlot zooms out).
        if (e.detail >= 2 || !down || Math.abs(e.clientX - down[0]) > 3 || Math.abs(e.clientY - down[1]) > 3) return;
        var idx = u.cursor.idx;
        if (idx === null || idx === undefined) return;
        var bin = Math.min(idx, n - 1), y = u.posToVal(u.cursor.top, "y");
        var hit = null;
        if (chosen.stacked) {
          for (var j = 0; j < drawn.length && !hit; j++) if (y <= drawn[j].top[bin] && y >= 0) hit = drawn[j];
        } else {
          var best = Infinity;
          drawn.forEach(function (d) { var dist = Math.abs(d.top[bin] - y); if (dist < best) { best = dist; hit = d; } });
        }
        if (hit && hit.s.row >= 0) select(hit.s.row, "time");
      });
      series.forEach(function (s, i) {
        var b = el("button");
        b.type = "button";
        var sw = el("span", "", "swatch");
        sw.style.background = colourOf(s, i);
        b.appendChild(sw);
        b.appendChild(document.createTextNode(s.name + " (" + fmtTime(sumOf(s.values)) + ")"));
        if (s.row === selected && s.row >= 0) b.classList.add("selected");
        if (s.row >= 0) b.addEventListener("click", function () { select(s.row, "time"); });
        legend.appendChild(b);
      });
      legend.className = "legend";
    }
    // The values of one bin under the chart: [colour, name, nanoseconds] per series, with the bin's share.
    function showBin(readout, bin, rows) {
      clear(readout);
      if (bin < 0 || !rows) {
        readout.appendChild(el("p", "Hover the chart for a bin's values.", "note"));
        return;
      }
      readout.appendChild(el("div", binLabel(bin)));
      var t = el("table");
      rows.forEach(function (r) {
        var tr = el("tr");
        var sw = el("span", "", "swatch");
        sw.style.background = r[0];
        var name = el("td");
        name.appendChild(sw);
        name.appendChild(document.createTextNode(r[1]));
        tr.appendChild(name);
        tr.appendChild(el("td", fmtTime(r[2]), "num"));
        tr.appendChild(el("td", pct(r[2], TB.width_ns) + " of the bin", "num"));
        t.appendChild(tr);
      });
      readout.appendChild(t);
    }
    // A heat map, one line per label and one column per bin shown, darker for more of the largest value shown;
    // more lines than fit are drawn in groups (each the largest of its lines). The hover names a line by its
    // long label (a row's path) when given.
    function drawHeat(box, labels, matrix, readout, pick, longLabels) {
      var named = longLabels || labels;
      var from = binRange ? binRange[0] : 0, to = binRange ? binRange[1] : TB.count;
      var lines = labels.length, groups = Math.min(lines, 300), per = Math.ceil(lines / Math.max(groups, 1));
      groups = Math.ceil(lines / per);
      var rowH = groups <= 40 ? 14 : 2, left = rowH >= 14 ? 220 : 60;
      var width = Math.max(300, box.clientWidth || 900), plotW = width - left - 10, height = groups * rowH + 24;
      var dpr = window.devicePixelRatio || 1;
      var c = el("canvas", null, "heat");
      c.width = Math.round(width * dpr); c.height = Math.round(height * dpr);
      c.style.width = width + "px"; c.style.height = height + "px";
      box.appendChild(c);
      var g = c.getContext("2d");
      g.scale(dpr, dpr);
      var max = 0;
      var value = function (grp, k) {
        var m = null;
        for (var l = grp * per; l < Math.min(lines, (grp + 1) * per); l++) {
          var v = matrix[l] ? matrix[l][k] : null;
          if (v !== null && (m === null || v > m)) m = v;
        }
        return m;
      };
      for (var grp = 0; grp < groups; grp++) for (var k = from; k < to; k++) { var v = value(grp, k); if (v > max) max = v; }
      var cellW = plotW / Math.max(1, to - from);
      g.font = "11px system-ui, sans-serif";
      g.textBaseline = "middle";
      for (grp = 0; grp < groups; grp++) {
        if (rowH >= 14) {
          g.fillStyle = "#1d1f21";
          g.save();
          g.beginPath(); g.rect(0, grp * rowH, left - 6, rowH); g.clip();
          g.fillText(labels[grp], 2, grp * rowH + rowH / 2);
          g.restore();
        }
        for (k = from; k < to; k++) {
          v = value(grp, k);
          g.fillStyle = v === null ? "#f3f3f3" : "rgba(198, 40, 40, " + (max > 0 ? 0.05 + 0.95 * v / max : 0.05) + ")";
          g.fillRect(left + (k - from) * cellW, grp * rowH, Math.max(1, cellW - (cellW > 3 ? 1 : 0)), rowH - (rowH > 3 ? 1 : 0));
        }
      }
      g.fillStyle = "#666";
      g.textBaseline = "top";
      g.fillText(fmtSeconds(binEdgeNs(from)), left, groups * rowH + 6);
      var end = fmtSeconds(binEdgeNs(to));
      g.fillText(end, width - 10 - g.measureText(end).width, groups * rowH + 6);
      function at(e) {
        var r = c.getBoundingClientRect(), x = e.clientX - r.left, y = e.clientY - r.top;
        if (x < left || y < 0 || y >= groups * rowH) return null;
        return { bin: Math.min(to - 1, from + Math.floor((x - left) / cellW)), group: Math.floor(y / rowH) };
      }
      function describe(p) {
        clear(readout);
        if (!p) {
          readout.appendChild(el("p", "Hover a cell for its value; the darkest is " + fmtTime(max) + " in a bin.", "note"));
          return;
        }
        readout.appendChild(el("div", binLabel(p.bin)));
        var first = p.group * per, last = Math.min(lines, first + per) - 1;
        var v2 = value(p.group, p.bin);
        readout.appendChild(el("div", (first === last ? named[first] : named[first] + " \u2026 " + named[last] + " (the largest)")
          + ": " + (v2 === null ? "none" : fmtTime(v2) + " (" + pct(v2, TB.width_ns) + " of the bin)")));
      }
      describe(null);
      var down = null;
      c.addEventListener("mousemove", function (e) { describe(at(e)); });
      c.addEventListener("mousedown", function (e) { down = at(e); });
      function zoomOut() { binRange = null; renderTime(); if (shown === "nodes") renderNodes(); }
      c.addEventListener("mouseup", function (e) {
        // The second click of a double click: its first one may have selected a row, which drew a new map, so
        // the double click is known by its count here rather than by a dblclick on this canvas.
        if (e.detail >= 2) { zoomOut(); return; }
        var up = at(e);
        if (!down || !up) return;
        if (up.bin !== down.bin) {
          binRange = [Math.min(up.bin, down.bin), Math.max(up.bin, down.bin) + 1];
          renderTime();
          if (shown === "nodes") renderNodes();
        } else if (up.group === down.group && per === 1) {
          pick(up.group);
        }
      });
    }
    // Counter series, one chart per counter (its series as lines): the mean of each bin's samples.
    function drawCounters(box) {
      clear(box);
      var series = TB.counters.series;
      if (!series.length) return;
      var groups = new Map();
      series.forEach(function (s) {
        var key = s.pid + "\u0000" + s.counter + "\u0000" + s.id;
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(s);
      });
      var MEAN = TB.counters.columns.indexOf("mean");
      box.appendChild(el("h2", "Counters per bin (the mean of the bin's samples; none: a gap)"));
      var all = Array.from(groups.values());
      all.slice(0, COUNTER_CHARTS).forEach(function (list) {
        var holder = el("div", null, "counter-chart");
        var s0 = list[0];
        holder.appendChild(el("h3", s0.counter + (s0.id ? " (id " + s0.id + ")" : "") + " \u00b7 pid " + s0.pid));
        var chartBox = el("div");
        var readout = el("div", null, "readout");
        holder.appendChild(chartBox);
        holder.appendChild(readout);
        box.appendChild(holder);
        var opts = timeChartOptions(Math.max(300, box.clientWidth || 900), 160, function (v) { return fmtNumber(v); }, function (bin) {
          clear(readout);
          if (bin < 0) return;
          readout.appendChild(el("div", binLabel(bin)));
          list.forEach(function (s, i) {
            var b = s.bins[bin];
            readout.appendChild(el("div", s.series + ": " + (b === null ? "no sample" : "mean " + fmtNumber(b[MEAN])
              + " (min " + fmtNumber(b[TB.counters.columns.indexOf("min")]) + ", max "
              + fmtNumber(b[TB.counters.columns.indexOf("max")]) + ", " + fmtNumber(b[0]) + " samples)")));
          });
        });
        // A summary per bin, at the bin's middle: a bin between two without samples is still a point.
        list.forEach(function (s, i) {
          opts.series.push({ label: "c" + i, stroke: PALETTE[i % PALETTE.length], width: 1.5, spanGaps: false,
            points: { show: true, size: 5, fill: PALETTE[i % PALETTE.length] } });
        });
        var middles = [];
        for (var k = 0; k < TB.count; k++) middles.push((binX(k) + binX(k + 1)) / 2);
        var data = [middles].concat(list.map(function (s) {
          return s.bins.map(function (b) { return b === null ? null : b[MEAN]; });
        }));
        syncingScale = true; // its first scale is the data's: not a zoom
        var u = new uPlot(opts, data, chartBox);
        syncingScale = false;
        timeCharts.push(u);
        applyRange(u);
      });
      if (all.length > COUNTER_CHARTS) {
        box.appendChild(el("p", "\u2026 and " + (all.length - COUNTER_CHARTS) + " more counters (their values are in the"
          + " JSON and CSV outputs)", "note"));
      }
    }
    // Merges: the chosen row's inclusive time per bin on every node, a line each up to 10 nodes (a colour each),
    // else a heat map.
    var nodesTimeChart = null;
    function renderNodesOverTime(n) {
      var holder = $("nodes-time");
      if (nodesTimeChart) { nodesTimeChart.destroy(); nodesTimeChart = null; }
      holder.hidden = !PNT || !TB;
      if (holder.hidden) return;
      var box = $("nodes-time-chart"), readout = $("nodes-time-readout");
      clear(box); clear(readout);
      readout.className = "readout";
      var slot = n >= 0 ? pntSlot.get(n) : undefined;
      var note = $("nodes-time-note");
      if (slot === undefined) {
        note.textContent = "This row's bins per node are not in the page: they are kept for " + PNT.rows.length + " of "
          + TB.rows_total + " rows (the most exclusive time, then the heaviest).";
        return;
      }
      var perNode = PNT.inclusive_ns[slot];
      note.textContent = "Inclusive time per bin, " + fmtTime(TB.width_ns) + " bins" + (PNT.unaligned_nodes
        ? "; " + PNT.unaligned_nodes + " nodes have bins of another width or grid and are left out" : "") + ".";
      if (PNT.nodes.length > PALETTE.length) {
        drawHeat(box, PNT.nodes, perNode, readout, function () { });
        return;
      }
      var opts = timeChartOptions(Math.max(300, box.clientWidth || 900), 260, fmtAxisTime, function (bin) {
        showBin(readout, bin, PNT.nodes.map(function (label, i) {
          return [PALETTE[i % PALETTE.length], label, perNode[i] ? perNode[i][bin] : null];
        }));
      });
      opts.hooks.setScale = [];
      PNT.nodes.forEach(function (label, i) {
        opts.series.push({ label: "n" + i, stroke: PALETTE[i % PALETTE.length], width: 1.5,
          paths: uPlot.paths.stepped({ align: 1 }), points: { show: false } });
      });
      var data = [timeXs()].concat(PNT.nodes.map(function (_, i) { return perNode[i] ? stepped(perNode[i]) : timeXs().map(function () { return null; }); }));
      syncingScale = true; // its first scale is the data's: not a zoom
      nodesTimeChart = new uPlot(opts, data, box);
      syncingScale = false;
      applyRange(nodesTimeChart);
      showBin(readout, -1, null);
      var legend = el("div", null, "legend");
      PNT.nodes.forEach(function (label, i) {
        var item = el("span");
        var sw = el("span", "", "swatch");
        sw.style.background = PALETTE[i % PALETTE.length];
        item.appendChild(sw);
        item.appendChild(document.createTextNode(label + (perNode[i] ? "" : " (no such row)")));
        legend.appendChild(item);
      });
      box.appendChild(legend);
    }

    // ---- counters and diagnostics ----
    (function () {
      var body = $("diagnostics-body");
      function table(title, head, rows, limit) {
        body.appendChild(el("h2", title));
        var t = el("table");
        if (head) {
          var tr = el("tr");
          head.forEach(function (h) { tr.appendChild(el("th", h)); });
          t.appendChild(tr);
        }
        rows.slice(0, limit || rows.length).forEach(function (r) {
          var tr2 = el("tr");
          r.forEach(function (v) { tr2.appendChild(el("td", typeof v === "number" ? fmtNumber(v) : v)); });
          t.appendChild(tr2);
        });
        body.appendChild(t);
        if (limit && rows.length > limit) body.appendChild(el("p", "\u2026 and " + (rows.length - limit) + " more", "note"));
      }
      var facts = [["tool", D.tool], ["view", D.view], ["unit of the data", "ns (exact integers)"],
        ["unit shown", D.unit || "readable, per value"], ["drawn by", D.measure.name + " (" + D.measure.unit + ")"],
        ["total", fmtTime(D.total_ns)], ["rows", N]];
      if (D.async_total_ns !== undefined) facts.push(["async part total", fmtTime(D.async_total_ns)]);
      if (D.aggregation.nodes > 1) {
        facts.push(["aggregation", D.aggregation.op], ["missing rows", D.aggregation.missing], ["nodes", D.aggregation.nodes]);
      }
      table("Profile", null, facts);
      if (DIFF) {
        table("A, the baseline (" + DIFF.a.inputs.length + " inputs)", null, DIFF.a.inputs.map(function (s) { return [s]; }), 200);
        table("B, compared with A (" + DIFF.b.inputs.length + " inputs)", null, DIFF.b.inputs.map(function (s) { return [s]; }), 200);
      }
      function counts(o) { return Object.keys(o || {}).map(function (k) { return [k, o[k]]; }); }
      var warnings = counts(D.diagnostics.warnings);
      table("Warnings (events counted and skipped)", ["kind", "count"], warnings.length ? warnings : [["none", 0]]);
      var notes = counts(D.diagnostics.notes);
      if (notes.length) table("Notes", ["kind", "count"], notes);
      if (D.dropped) {
        table("Inputs left out (" + D.dropped.inputs + ")", ["reason", "inputs"], counts(D.dropped.reasons));
        table("Examples", null, D.dropped.examples.map(function (e) { return [e]; }));
      }
      if (!DIFF) table("Inputs (" + D.inputs.length + ")", null, D.inputs.map(function (s) { return [s]; }), 200);
      if (D.nodes.length > 1) table("Nodes (" + D.nodes.length + ")", null, D.nodes.map(function (s) { return [s]; }), 200);
      if (D.counters) table("Counters", D.counters.columns, D.counters.rows, 1000);
    })();

    // ---- start: the tab, search, selection and zoom carried over from the profile shown before ----
    function pathKey(n) {
      var parts = [];
      for (var m = n; m >= 0 && m !== ROOT; m = parent[m]) parts.push(names[m] + "\u0001" + (R[m][COL.callsite] || ""));
      return parts.reverse().join("\u0000");
    }
    // One pass in preorder, each row's key its parent's and its own part.
    function rowOfPath(key) {
      if (key === null || key === undefined) return -1;
      var keys = new Array(N + 1);
      for (var k = 0; k < preorder.length; k++) {
        var n = preorder[k];
        if (n === ROOT) continue;
        keys[n] = (parent[n] === ROOT ? "" : keys[parent[n]] + "\u0000") + names[n] + "\u0001" + (R[n][COL.callsite] || "");
        if (keys[n] === key) return n;
      }
      return -1;
    }
    var firstTab = !D.hierarchical && N > 0 ? "flat" : "graph";
    if (carried) {
      var tabButton = document.querySelector('#tabs button[data-tab="' + carried.tab + '"]');
      if (tabButton && !tabButton.hidden) firstTab = carried.tab;
      var zoomed = rowOfPath(carried.zoom);
      if (zoomed >= 0 && D.hierarchical) zoom = zoomed;
      var chosen = rowOfPath(carried.selected);
      if (chosen >= 0) {
        selected = chosen;
        $("selection").textContent = "selected: " + pathOf(chosen);
        revealInTree(chosen);
      }
      if (carried.query) {
        if (!carried.exact) searchBox.value = carried.query;
        search(carried.query, carried.exact);
      }
    }
    showTab(firstTab);
    return {
      // What the next profile shown takes over.
      state: function () {
        return { tab: shown, selected: selected >= 0 && selected < N ? pathKey(selected) : null,
          zoom: zoom >= 0 && zoom < N ? pathKey(zoom) : null, query: exactName || searchBox.value.trim(),
          exact: exactName !== null };
      },
      resize: function () { if (shown === "graph") drawFlame(); },
      teardown: function () {
        destroyTimeCharts();
        if (chart) { chart.destroy(); chart = null; }
        if (nodesTimeChart) { nodesTimeChart.destroy(); nodesTimeChart = null; }
        tip.hidden = true;
      },
      // What the browser tests read: where a frame is drawn, what the charts show.
      api: {
        framesDrawn: function () { return frames.n.length; },
        // The weight of each frame drawn of a name: one frame once namesake siblings are merged.
        frameWeights: function (name) {
          return Array.from(frames.n).filter(function (n) { return names[n] === name; }).map(function (n) { return weight[n]; });
        },
        showPart: showPart,
        partShown: function () { return shownPart; },
        zoomedName: function () { return names[zoom]; },
        timeSeriesNames: function () { return timeSeriesShown.map(function (s) { return s.name; }); },
        timeCharts: function () { return timeCharts.length; },
        timeSeriesDrawn: function () { return timeCharts[0].series.length - 1; },
        timeBinsShown: function () { return binRange ? binRange.slice() : [0, TB.count]; },
        // uPlot draws the axes on its canvas: the x axis's label and tick texts as drawn.
        timeAxis: function () { var a = timeCharts[0].axes[0]; return { label: a.label, ticks: a._values }; },
        // The x range the first time chart shows, in seconds, and the page point of bin k's middle on it.
        timeRange: function () { var u = timeCharts[0]; return [u.scales.x.min, u.scales.x.max]; },
        timePoint: function (k, yFraction) {
          var u = timeCharts[0], r = u.over.getBoundingClientRect();
          return { x: r.left + u.valToPos((binX(k) + binX(k + 1)) / 2, "x"), y: r.top + r.height * yFraction };
        },
        frameCenter: function (name) {
          var r = canvas.getBoundingClientRect();
          for (var k = 0; k < frames.n.length; k++) {
            if (names[frames.n[k]] === name) {
              return { x: r.left + frames.x[k] + Math.min(frames.w[k] / 2, 20), y: r.top + frames.d[k] * ROW + ROW / 2 };
            }
          }
          return null;
        }
      }
    };
  }

  // ---- phases: a selector in the header, the phase's windows beside it ----
  function $(id) { return document.getElementById(id); }
  var TIME_UNITS = [["s", 1e9], ["ms", 1e6], ["us", 1e3], ["ns", 1]];
  var phaseShown = -1;
  var phaseMs = null;
  var current = render(WHOLE, null);
  var readyMs = performance.now() - started;
  window.addEventListener("resize", function () { current.resize(); });
  function dataOf(i) {
    if (!phaseData[i]) phaseData[i] = JSON.parse($("ppw-phase-" + i).textContent);
    return phaseData[i];
  }
  // As text's phase heading: every window in one unit (the unit asked for, else the one that reads the largest
  // end best), three decimals, at most four listed before "and N more".
  function windowsText(phase) {
    var w = phase.windows;
    if (!w.length) return phase.rows ? "" : "no window: no time in this phase";
    var shown = phase.windows_total <= 5 ? w.slice(0, 5) : w.slice(0, 4);
    var largest = Math.max.apply(null, shown.map(function (x) { return Math.abs(x.end_ns); }));
    var unit = WHOLE.unit ? TIME_UNITS.filter(function (u) { return u[0] === WHOLE.unit; })[0]
      : TIME_UNITS.filter(function (u) { return largest >= u[1]; })[0] || TIME_UNITS[3];
    function fixed(ns) { return (ns / unit[1]).toFixed(unit[1] === 1 ? 0 : 3); }
    var text = (phase.windows_total === 1 ? "window: " : "windows: ") + shown.map(function (x) {
      return (x.node ? x.node + " " : "") + fixed(x.start_ns) + " \u2013 " + fixed(x.end_ns) + " " + unit[0];
    }).join(", ");
    if (phase.windows_total > shown.length) text += " and " + (phase.windows_total - shown.length).toLocaleString("en-US") + " more";
    return text;
  }
  function describePhase() {
    var line = $("phase-windows");
    if (phaseShown < 0) {
      line.textContent = PHASES.length + " phases: choose one to see its own profile";
      return;
    }
    var phase = PHASES[phaseShown];
    var windows = windowsText(phase);
    line.textContent = "phase " + (phaseShown + 1) + " of " + PHASES.length + ": " + phase.name + (windows ? " \u00b7 " + windows : "");
    var body = $("diagnostics-body");
    var title = document.createElement("h2");
    title.textContent = "Windows of phase " + phase.name + " (" + phase.windows_total.toLocaleString("en-US")
      + (phase.windows.length < phase.windows_total ? ", the first " + phase.windows.length + " listed" : "") + ")";
    body.insertBefore(title, body.firstChild);
    var table = document.createElement("table");
    [["node", "start (ns)", "end (ns)"]].concat(phase.windows.map(function (x) { return [x.node, x.start_ns, x.end_ns]; }))
      .forEach(function (r, k) {
        var tr = document.createElement("tr");
        r.forEach(function (v) {
          var cell = document.createElement(k === 0 ? "th" : "td");
          cell.textContent = typeof v === "number" ? v.toLocaleString("en-US") : v;
          tr.appendChild(cell);
        });
        table.appendChild(tr);
      });
    body.insertBefore(table, title.nextSibling);
  }
  function showPhase(i) {
    var t = performance.now();
    if (threadShown >= 0 || processShown >= 0) { threadShown = -1; processShown = -1; $("thread").value = "-1"; }
    var carried = current.state();
    current.teardown();
    $("page").innerHTML = template;
    phaseShown = i;
    current = render(i < 0 ? WHOLE : dataOf(i), carried);
    $("phase").value = String(i);
    describePhase();
    phaseMs = performance.now() - t;
    publish();
  }
  if (PHASES.length) {
    var select = $("phase");
    var whole = document.createElement("option");
    whole.value = "-1";
    whole.textContent = "the whole profile";
    select.appendChild(whole);
    PHASES.forEach(function (phase, i) {
      var o = document.createElement("option");
      o.value = String(i);
      o.textContent = (i + 1) + ". " + phase.name;
      select.appendChild(o);
    });
    select.addEventListener("change", function () { showPhase(Number(select.value)); });
    $("phase-bar").hidden = false;
    describePhase();
  }
  // ---- processes and threads: each thread's own profile (the report's thread sections), grouped by process, and
  // each process's own (its process section: all its threads at once), each with its total; "all threads" is the
  // whole ----
  var THREADS = WHOLE.threads || [];
  var PROCESSES = WHOLE.processes || [];
  var threadShown = -1;
  var processShown = -1;
  var threadData = [];
  var processData = [];
  function fmtTotal(v) {
    if (WHOLE.measure.unit !== "ns") return v.toLocaleString("en-US") + " " + WHOLE.measure.unit;
    var a = Math.abs(v);
    var unit = TIME_UNITS.filter(function (u) { return a >= u[1]; })[0] || TIME_UNITS[3];
    return (v / unit[1]).toLocaleString("en-US", { maximumFractionDigits: 3, minimumFractionDigits: unit[1] === 1 ? 0 : 3 })
      + " " + unit[0];
  }
  var PART_WORDS_OUT = { thread: "thread time", async: "async spans", samples: "sampled stacks" };
  function partsText(byPart) {
    return Object.keys(byPart).map(function (part) { return fmtTotal(byPart[part]) + " " + PART_WORDS_OUT[part]; }).join(", ");
  }
  function totalsText(list) {
    var byPart = {};
    list.forEach(function (t) { byPart[t.part] = (byPart[t.part] || 0) + t.total; });
    return partsText(byPart);
  }
  function processName(pid, process) {
    return pid === "" ? "process not known" : "process " + (process ? process + " (pid " + pid + ")" : "pid " + pid);
  }
  // Draws the whole (i < 0), thread i or, with asProcess, process i.
  function showSection(i, asProcess) {
    var t = performance.now();
    var carried = current.state();
    current.teardown();
    $("page").innerHTML = template;
    threadShown = asProcess ? -1 : i;
    processShown = asProcess ? i : -1;
    var data = WHOLE;
    if (i >= 0 && asProcess) {
      if (!processData[i]) processData[i] = JSON.parse($("ppw-process-" + i).textContent);
      data = processData[i];
    } else if (i >= 0) {
      if (!threadData[i]) threadData[i] = JSON.parse($("ppw-thread-" + i).textContent);
      data = threadData[i];
    }
    if (PHASES.length) { phaseShown = -1; $("phase").value = "-1"; $("phase-bar").hidden = i >= 0; }
    current = render(data, carried);
    $("thread").value = i < 0 ? "-1" : (asProcess ? "p" : "") + i;
    if (i < 0) {
      $("thread-note").textContent = THREADS.length + " threads: choose one to see its own profile, or a process";
    } else if (asProcess) {
      var members = THREADS.filter(function (t) { return t.pid === PROCESSES[i].pid; }).length;
      $("thread-note").textContent = "the " + members + " threads of " + processName(PROCESSES[i].pid, PROCESSES[i].process)
        + " \u00b7 " + partsText(PROCESSES[i].totals);
    } else {
      $("thread-note").textContent = "thread " + THREADS[i].name
        + (THREADS[i].pid ? " of process " + (THREADS[i].process || "pid " + THREADS[i].pid) : "")
        + " \u00b7 " + fmtTotal(THREADS[i].total) + " " + PART_WORDS_OUT[THREADS[i].part];
    }
    phaseMs = performance.now() - t;
    publish();
  }
  function showThread(i) { showSection(i, false); }
  function showProcess(i) { showSection(i, true); }
  if (THREADS.length) {
    var threadSelect = $("thread");
    var all = document.createElement("option");
    all.value = "-1";
    all.textContent = "all threads (" + totalsText(THREADS) + ")";
    threadSelect.appendChild(all);
    var processes = new Map();
    THREADS.forEach(function (t, i) {
      var key = t.pid;
      if (!processes.has(key)) processes.set(key, []);
      processes.get(key).push(i);
    });
    processes.forEach(function (members, pid) {
      var group = document.createElement("optgroup");
      var list = members.map(function (i) { return THREADS[i]; });
      var process = list[0].process.length > 60 ? list[0].process.slice(0, 59) + "\u2026" : list[0].process;
      group.label = processName(pid, process) + " \u00b7 " + totalsText(list);
      var whole = PROCESSES.findIndex(function (p) { return p.pid === pid; });
      if (whole >= 0 && pid !== "") {
        var o = document.createElement("option");
        o.value = "p" + whole;
        o.textContent = "the whole process (" + partsText(PROCESSES[whole].totals) + ")";
        group.appendChild(o);
      }
      members.forEach(function (i) {
        var o = document.createElement("option");
        o.value = String(i);
        o.textContent = THREADS[i].name + " (" + fmtTotal(THREADS[i].total) + ")";
        group.appendChild(o);
      });
      threadSelect.appendChild(group);
    });
    threadSelect.addEventListener("change", function () {
      var v = threadSelect.value;
      if (v.charAt(0) === "p") showProcess(Number(v.slice(1))); else showThread(Number(v));
    });
    $("thread-bar").hidden = false;
    $("thread-note").textContent = THREADS.length + " threads: choose one to see its own profile, or a process";
  }
  function publish() {
    var api = {
      // How long the first drawing took from the script's start, and the last change of phase.
      renderMs: readyMs,
      phaseMs: phaseMs,
      phase: function () { return phaseShown; },
      showPhase: showPhase,
      thread: function () { return threadShown; },
      showThread: showThread,
      process: function () { return processShown; },
      showProcess: showProcess
    };
    Object.keys(current.api).forEach(function (k) { api[k] = current.api[k]; });
    window.ppwReport = api;
  }
  publish();
})();
