// The new-run form: an event search (GET /api/events), the form posted as JSON (POST /api/runs/new), then the run
// followed by server-sent events (GET /api/live/K): each perf stat interval drawn with uPlot, one series per event,
// the workload's output below, a Cancel button while it runs (POST /api/live/K/cancel), and a link to the run once
// it is stored. Every text goes in as text, never as markup.
(function () {
  'use strict';
  var form = document.getElementById('run-form');
  if (!form) { return; }
  var status = document.getElementById('run-status');
  var events = document.getElementById('events');
  var search = document.getElementById('event-search');
  var list = document.getElementById('event-list');

  function lines(text) {
    return text.split('\n').map(function (l) { return l.replace(/\r$/, ''); }).filter(function (l) { return l !== ''; });
  }
  function pairs(text) {
    var out = {};
    lines(text).forEach(function (l) {
      var eq = l.indexOf('=');
      if (eq > 0) { out[l.substring(0, eq).trim()] = l.substring(eq + 1); }
    });
    return out;
  }

  var searching = 0;
  search.addEventListener('input', function () {
    var mine = ++searching;
    fetch('/api/events?search=' + encodeURIComponent(search.value), { credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.json() : r.text().then(function (t) { throw new Error(t); }); })
      .then(function (found) {
        if (mine !== searching) { return; }
        list.textContent = '';
        found.events.forEach(function (e) {
          var li = document.createElement('li');
          var add = document.createElement('button');
          add.type = 'button';
          add.textContent = e.name;
          add.addEventListener('click', function () {
            var now = events.value.split(',').filter(function (x) { return x.trim() !== ''; });
            if (now.indexOf(e.name) < 0) { now.push(e.name); }
            events.value = now.join(',');
          });
          li.appendChild(add);
          li.appendChild(document.createTextNode(' ' + e.type + (e.description ? ': ' + e.description : '')));
          list.appendChild(li);
        });
        if (found.matched > found.events.length) {
          var more = document.createElement('li');
          more.textContent = (found.matched - found.events.length) + ' more: narrow the search';
          list.appendChild(more);
        }
      })
      .catch(function (err) { list.textContent = String(err.message || err); });
  });

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    var f = form.elements;
    var body = {
      tool: form.querySelector('input[name=tool]:checked').value,
      events: f.events.value.split(',').map(function (x) { return x.trim(); }).filter(function (x) { return x !== ''; }),
      interval_ms: Number(f.interval_ms.value),
      frequency_hz: Number(f.frequency_hz.value),
      call_graph: f.call_graph.checked,
      command: lines(f.command.value),
      environment: pairs(f.environment.value),
      label: f.label.value,
      session: f.session.value,
      tags: pairs(f.tags.value)
    };
    status.textContent = 'starting…';
    fetch('/api/runs/new', {
      method: 'POST', credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body)
    }).then(function (r) {
      return r.text().then(function (t) {
        if (r.status !== 202) { throw new Error(t); }
        return JSON.parse(t);
      });
    }).then(function (started) {
      status.textContent = '';
      follow(started.live);
    }).catch(function (err) { status.textContent = String(err.message || err); });
  });

  function follow(url) {
    var section = document.getElementById('live');
    var state = document.getElementById('live-state');
    var output = document.getElementById('live-output');
    var chartEl = document.getElementById('live-chart');
    var cancel = document.getElementById('live-cancel');
    section.hidden = false;
    cancel.hidden = false;
    cancel.disabled = false;
    cancel.onclick = function () {
      cancel.disabled = true;
      fetch(url + '/cancel', { method: 'POST', credentials: 'same-origin' })
        .then(function (r) {
          if (r.status !== 202) { return r.text().then(function (t) { throw new Error(t); }); }
          state.textContent = 'cancelling…';
        })
        .catch(function (err) { state.textContent = String(err.message || err); });
    };
    output.textContent = '';
    chartEl.textContent = '';
    state.textContent = 'running';
    var names = [];
    var data = [[]];
    var plot = null;

    function draw() {
      if (typeof uPlot === 'undefined') { return; }
      if (plot === null) {
        var series = [{ label: 's' }];
        names.forEach(function (n) { series.push({ label: n, stroke: 'hsl(' + (series.length * 67 % 360) + ',60%,45%)' }); });
        plot = new uPlot({ width: Math.min(900, chartEl.clientWidth || 900), height: 300, series: series,
          scales: { x: { time: false } } }, data, chartEl);
      } else {
        plot.setData(data);
      }
    }

    var source = new EventSource(url);
    source.addEventListener('started', function (e) {
      state.textContent = 'running: ' + JSON.parse(e.data).command.join(' ');
    });
    source.addEventListener('interval', function (e) {
      var iv = JSON.parse(e.data);
      var row = {};
      iv.values.forEach(function (v) {
        var name = v.event + (v.id ? ' ' + v.id : '') + ' (' + v.unit + ')';
        if (names.indexOf(name) < 0) {
          if (plot !== null) { plot.destroy(); plot = null; chartEl.textContent = ''; }
          names.push(name);
          data.push(data[0].map(function () { return null; }));
        }
        row[name] = v.value;
      });
      data[0].push(iv.end_ns / 1e9);
      names.forEach(function (n, i) { data[i + 1].push(row.hasOwnProperty(n) ? row[n] : null); });
      draw();
    });
    source.addEventListener('output', function (e) {
      var o = JSON.parse(e.data);
      output.appendChild(document.createTextNode((o.stream === 'stderr' ? '! ' : '') + o.line + '\n'));
    });
    source.addEventListener('step', function (e) {
      state.textContent = JSON.parse(e.data).message;
    });
    source.addEventListener('finished', function (e) {
      var r = JSON.parse(e.data);
      cancel.hidden = true;
      state.textContent = (r.cancelled ? 'cancelled' : r.failed ? 'failed' : 'ended')
        + (r.exit_status !== undefined ? ' (exit ' + r.exit_status + ')' : '')
        + ', ' + r.intervals + ' intervals; storing…';
    });
    source.addEventListener('stored', function (e) {
      var s = JSON.parse(e.data);
      source.close();
      state.textContent = 'stored as ';
      var a = document.createElement('a');
      a.href = s.url;
      a.textContent = 'run ' + s.run;
      state.appendChild(a);
    });
    source.addEventListener('failed', function (e) {
      source.close();
      cancel.hidden = true;
      state.textContent = JSON.parse(e.data).message;
    });
  }
}());
