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
    ]
  };
  var plot = new uPlot(options, [xs, ys], chart);
  chart.setAttribute('data-points', String(xs.length));
  plot.over.style.cursor = 'pointer';
  // the first and last points sit on the plot's edges, half outside its overlay: clicks are taken on the whole
  // chart, within a point's size of the plotting area, and go to the run nearest along the time axis
  chart.addEventListener('click', function (event) {
    var box = plot.over.getBoundingClientRect();
    var x = event.clientX - box.left;
    var y = event.clientY - box.top;
    if (x < -8 || x > box.width + 8 || y < -8 || y > box.height + 8) { return; }
    var i = plot.posToIdx(Math.max(0, Math.min(box.width, x)));
    if (i != null && h.runs[i]) {
      window.location.href = '/runs/' + h.runs[i].run;
    }
  });
  if (note) { note.textContent = 'A point is a run: click it to open the run.'; }
  // where a run's point is drawn, in the page's CSS pixels (the browser tests click it)
  window.ppwHistory = {
    pointOf: function (run) {
      var i = h.runs.findIndex(function (p) { return p.run === run; });
      if (i < 0) { return null; }
      var box = plot.over.getBoundingClientRect();
      return { x: box.left + plot.valToPos(xs[i], 'x'), y: box.top + plot.valToPos(ys[i], 'y') };
    }
  };
  window.addEventListener('resize', function () {
    plot.setSize({ width: Math.max(320, chart.clientWidth), height: 320 });
  });
})();
