// A player's notes on a game's board (templates/game.html): pencil marks kept in this browser
// alone (localStorage, by the game's page and seat), never sent to the server or seen by the
// other player. "Notes" switches what a digit typed in a cell does: with it on, the digit is
// noted (or taken off again) instead of placed. A cell not open for a move (the other's turn
// in a Duel) can still be noted: it takes the focus on a click or Tab. The server redraws the
// board on every move, so the notes are drawn again from what is kept each time the page
// loads. Without script there are no notes: the board and its form work as before.
(function () {
  "use strict";
  var section = document.querySelector("section.game[data-seat]");
  var board = section && section.querySelector("#board");
  if (!board || !section.dataset.seat || section.dataset.phase === "over") {
    return;
  }
  var symbols = section.dataset.symbols.split("");
  var key = "sudoku-game-notes:" + location.pathname + ":" + section.dataset.seat;
  var cells = Array.prototype.slice.call(board.querySelectorAll("td"));
  var notes = read();
  var on = false;

  function read() {
    try {
      return JSON.parse(localStorage.getItem(key) || "{}");
    } catch (error) {
      return {};
    }
  }

  function keep() {
    try {
      localStorage.setItem(key, JSON.stringify(notes));
    } catch (error) {
      // a full or closed storage: the notes stay on this page only
    }
  }

  function isEmpty(td) {
    var field = td.querySelector("input");
    return field ? field.value === "" : !/\S/.test(shownDigit(td));
  }

  function shownDigit(td) {
    // The cell's text without its spoken words (visually hidden) or notes.
    var text = "";
    td.childNodes.forEach(function (node) {
      if (node.nodeType === Node.TEXT_NODE) {
        text += node.textContent;
      }
    });
    return text;
  }

  function draw(index) {
    var td = cells[index];
    var span = td.querySelector(".game-notes");
    var marked = (notes[index] || "").split("").sort().join("");
    if (!marked || !isEmpty(td)) {
      if (span) {
        span.remove();
      }
      return;
    }
    if (!span) {
      span = document.createElement("span");
      span.className = "game-notes";
      td.appendChild(span);
    }
    span.textContent = marked;
    span.setAttribute("aria-label", "your notes: " + marked.split("").join(" "));
  }

  function toggle(index, symbol) {
    var marked = notes[index] || "";
    notes[index] = marked.indexOf(symbol) >= 0 ? marked.replace(symbol, "") : marked + symbol;
    if (!notes[index]) {
      delete notes[index];
    }
    keep();
    draw(index);
  }

  var tools = document.createElement("p");
  tools.className = "game-notes-tools";
  var button = document.createElement("button");
  button.type = "button";
  button.className = "secondary";
  button.setAttribute("aria-pressed", "false");
  button.textContent = "Notes";
  var said = document.createElement("span");
  said.textContent = " With Notes on, a digit typed in a cell is noted, not placed. Your notes stay in this browser.";
  tools.appendChild(button);
  tools.appendChild(said);
  board.parentNode.insertBefore(tools, board.nextSibling);
  button.addEventListener("click", function () {
    on = !on;
    button.setAttribute("aria-pressed", String(on));
  });

  cells.forEach(function (td, index) {
    if (!td.querySelector("input") && isEmpty(td)) {
      td.tabIndex = 0; // noted on the other's turn too
      td.addEventListener("click", function () {
        td.focus();
      });
    }
    draw(index);
  });

  board.addEventListener("keydown", function (event) {
    var td = event.target.closest("td");
    var index = cells.indexOf(td);
    if (index < 0 || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    var symbol = event.key.toUpperCase();
    var typed = symbols.indexOf(symbol) >= 0;
    var noting = on || td.tabIndex === 0;
    if (typed && noting) {
      event.preventDefault();
      toggle(index, symbol);
    } else if (noting && (event.key === "Backspace" || event.key === "Delete") && notes[index]) {
      event.preventDefault();
      delete notes[index];
      keep();
      draw(index);
    }
  });
  board.addEventListener("input", function (event) {
    var td = event.target.closest("td");
    if (td) {
      draw(cells.indexOf(td)); // a digit typed to place hides the cell's notes; cleared, shows them
    }
  });
})();
