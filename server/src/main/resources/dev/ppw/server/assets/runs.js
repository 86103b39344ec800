// The run list: at most two runs checked, the compare button enabled with exactly two. Without this script the
// form still posts the checked runs and the server says when there are not two.
(function () {
  'use strict';
  var form = document.getElementById('compare');
  if (!form) { return; }
  var button = document.getElementById('compare-button');
  var note = document.getElementById('compare-note');
  var picked = [];

  function update() {
    button.disabled = picked.length !== 2;
    var rows = form.querySelectorAll('tr[data-run]');
    for (var i = 0; i < rows.length; i++) {
      rows[i].classList.toggle('picked', picked.indexOf(rows[i].getAttribute('data-run')) >= 0);
    }
    if (picked.length === 2) {
      var a = Math.min(+picked[0], +picked[1]);
      var b = Math.max(+picked[0], +picked[1]);
      note.textContent = 'Compare run ' + b + ' against the baseline run ' + a + '.';
    } else {
      note.textContent = 'Check two runs and compare: the older is the baseline A.';
    }
  }

  form.addEventListener('change', function (event) {
    var box = event.target;
    if (box.name !== 'run') { return; }
    var at = picked.indexOf(box.value);
    if (box.checked && at < 0) {
      picked.push(box.value);
      // a third check unchecks the first one checked, so two stay checked
      if (picked.length > 2) {
        var dropped = picked.shift();
        var old = form.querySelector('input[name=run][value="' + dropped + '"]');
        if (old) { old.checked = false; }
      }
    } else if (!box.checked && at >= 0) {
      picked.splice(at, 1);
    }
    update();
  });
  var boxes = form.querySelectorAll('input[name=run]:checked');
  for (var i = 0; i < boxes.length; i++) { picked.push(boxes[i].value); }
  update();
})();
