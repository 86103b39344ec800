// A run's counters over time (perf stat -I's intervals, kept as counter points): the page's data element drawn with
// uPlot as the live run drew them, one line per series, seconds from the start of counting along the x axis. A series
// without a value at a time has a gap there. Names go into the chart's legend as text.
(function () {
  'use strict';
  var data = document.getElementById('counters-data');
  var chart = document.getElementById('counters-chart');
  if (!data || !chart || typeof uPlot === 'undefined') { return; }
  var c = JSON.parse(data.textContent);
  if (c.series.length === 0) { return; }

  // every time any series has a value, in order; each series' values at those times, null where it has none
  var times = [];
  var seen = {};
  c.series.forEach(function (s) {
    s.points.forEach(function (p) {
      if (!seen.hasOwnProperty(p[0])) { seen[p[0]] = true; times.push(p[0]); }
    });
  });
  times.sort(function (a, b) { return a - b; });
  var at = {};
  times.forEach(function (t, i) { at[t] = i; });
  var columns = [times.map(function (t) { return t / 1e9; })];
  var series = [{ label: 's' }];
  c.series.forEach(function (s, i) {
    var ys = times.map(function () { return null; });
    s.points.forEach(function (p) { ys[at[p[0]]] = p[1]; });
    columns.push(ys);
    series.push({
      label: s.counter + (s.id ? ' ' + s.id : '') + (s.pid ? ' (pid ' + s.pid + ')' : '') + ' (' + s.series + ')',
      stroke: 'hsl(' + ((i + 1) * 67 % 360) + ',60%,45%)',
      width: 1.5,
      spanGaps: false
    });
  });
  new uPlot({ width: Math.max(320, Math.min(900, chart.clientWidth || 900)), height: 300, series: series,
    scales: { x: { time: false } } }, columns, chart);
  // what was drawn, for the browser tests
  chart.setAttribute('data-series', String(c.series.length));
  chart.setAttribute('data-times', String(times.length));
}());
