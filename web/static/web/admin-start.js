// "Start a tournament": show the options of the chosen format only (fieldsets with the class
// "formats" list theirs as "format-KEY"), its explanation, and the season to copy squads from
// only when squads are copied. Without this script every option shows, each saying its format.
(function () {
  "use strict";
  function chosen(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }
  function update(form) {
    var format = chosen(form, "format");
    form.querySelectorAll("fieldset.formats").forEach(function (fieldset) {
      fieldset.hidden = !fieldset.classList.contains("format-" + format);
    });
    form.querySelectorAll("#format-help [data-format]").forEach(function (item) {
      item.hidden = item.dataset.format !== format;
    });
    var from = form.querySelector(".form-row.field-squads_from");
    if (from) {
      from.hidden = chosen(form, "squads") !== "copy";
    }
  }
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("start-form");
    if (!form) {
      return;
    }
    form.addEventListener("change", function () { update(form); });
    update(form);
  });
})();
