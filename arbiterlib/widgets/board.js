// The touch-move board: shows the SVG and the ruling that Python computes, and sends the
// clicks back. No rule of chess or of the Laws lives here.

function checkbox(model, name, label) {
  const box = document.createElement("label");
  const input = document.createElement("input");
  input.type = "checkbox";
  input.className = `arbiter-${name}`;
  input.addEventListener("change", () => {
    model.set(name, input.checked);
    model.save_changes();
  });
  box.append(input, ` ${label}`);
  return [box, input];
}

function button(model, type, label) {
  const item = document.createElement("button");
  item.className = `arbiter-${type}`;
  item.textContent = label;
  item.addEventListener("click", () => model.send({ type }));
  return item;
}

function render({ model, el }) {
  el.classList.add("arbiter-board");
  const caption = document.createElement("div");
  caption.className = "arbiter-board-caption";
  const board = document.createElement("div");
  board.className = "arbiter-board-svg";
  const side = document.createElement("div");
  side.className = "arbiter-board-side";
  const message = document.createElement("div");
  message.className = "arbiter-board-message";
  const ruling = document.createElement("div");
  ruling.className = "arbiter-board-ruling";
  const [adjustBox, adjust] = checkbox(model, "adjusting", "J'adoube (adjust, 4.2)");
  const [accidentBox, accident] = checkbox(model, "accidental", "Accidental touch");
  const controls = document.createElement("div");
  controls.className = "arbiter-board-controls";
  controls.append(adjustBox, accidentBox,
    button(model, "claim", "Claim touch-move (4.7)"), button(model, "reset", "Start again"));
  side.append(message, ruling);
  const row = document.createElement("div");
  row.className = "arbiter-board-row";
  row.append(board, side);
  el.append(caption, row, controls);

  board.addEventListener("click", (event) => {
    const square = event.target.closest("rect.square");
    if (square) {
      model.send({ type: "click", square: square.getAttribute("data-square") });
    }
  });

  function update() {
    caption.textContent = model.get("caption");
    board.innerHTML = model.get("svg");
    ruling.innerHTML = model.get("ruling_html");
    message.textContent = model.get("message");
    adjust.checked = model.get("adjusting");
    accident.checked = model.get("accidental");
  }
  const names = ["caption", "svg", "ruling_html", "message", "adjusting", "accidental"];
  for (const name of names) {
    model.on(`change:${name}`, update);
  }
  update();
  return () => names.forEach((name) => model.off(`change:${name}`, update));
}

export default { render };
