// The history chart: the points of the page's data element drawn with uPlot, one point per run in time order;
// a click on a point opens its run. The table below the chart holds the same points without script.
(function () {
  'use strict';
  var data = document.getElementById('history-data');
  var chart = document.getElementById('chart');
  if (!data || !chart || typeof uPlot === 'undefined') { return; }
  var h = JSON.parse(data.textContent);
  var note = document.getElementById('chart-note');
  if (h.runs.length === 0) { return; }

  // times in nanoseconds are drawn in the largest unit that keeps the values at or above 1
  var unit = h.unit;
  var scale = 1;
  if (unit === 'ns') {
    var largest = 0;
    h.runs.forEach(function (p) { largest = Math.max(largest, Math.abs(p.value)); });
    var units = [['s', 1e9], ['ms', 1e6], ['µs', 1e3], ['ns', 1]];
    for (var i = 0; i < units.length; i++) {
      if (largest >= units[i][1]) { unit = units[i][0]; scale = units[i][1]; break; }
    }
  }
  var xs = [];
  var ys = [];
  h.runs.forEach(function (p, i) {
    // runs stored in the same second would share an x: each a millisecond after the one before at least
    var x = p.created_ms / 1000;
    if (i > 0 && x <= xs[i - 1]) { x = xs[i - 1] + 0.001; }
    xs.push(x);
    ys.push(p.value / scale);
  });
  var label = h.metric + (unit && unit !== 'calls' ? ' (' + unit + ')' : '');
  var style = getComputedStyle(document.documentElement);
  var accent = style.getPropertyValue('--accent').trim() || '#0b63c5';
  var muted = style.getPropertyValue('--muted').trim() || '#5a6370';
  var hovered = null;
  var options = {
    width: Math.max(320, chart.clientWidth || 800),
    height: 320,
    cursor: { points: { size: 10 }, focus: { prox: 30 } },
    legend: { show: true },
    scales: { x: { time: true } },
    axes: [{ stroke: muted }, { stroke: muted, label: label, size: 70 }],
    series: [
      {},
      {
        label: label,
        stroke: accent,
        width: 1.5,
        points: { show: true, size: 7, fill: accent },
        value: function (u, v, s, idx) {
          return idx == null ? '' : v + ' (run ' + h.runs[idx].run + ')';
        }
      }
    ],
    hooks: {
      setCursor: [function (u) { hovered = u.cursor.idx; }]
    }
  };
  var plot = new uPlot(options, [xs, ys], chart);
  chart.setAttribute('data-points', String(xs.length));
  plot.over.style.cursor = 'pointer';
  plot.over.addEventListener('click', function () {
    if (hovered != null && h.runs[hovered]) {
      window.location.href = '/runs/' + h.runs[hovered].run;
    }
  });
  if (note) { note.textContent = 'A point is a run: click it to open the run.'; }
  window.addEventListener('resize', function () {
    plot.setSize({ width: Math.max(320, chart.clientWidth), height: 320 });
  });
})();
