// The puzzles this browser has solved, by game, kept in localStorage (nothing of it goes to
// the server): the list page marks them, the table page in puzzle mode adds to them.

/** @param {string} game */
function key(game) { return `kartaros.puzzles.${game}`; }

/** The ids of the game's puzzles solved here. @param {string} game @returns {Set<string>} */
export function solvedPuzzles(game) {
  try {
    const ids = JSON.parse(localStorage.getItem(key(game)) || "[]");
    return new Set(Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : []);
  } catch { return new Set(); }
}

/** Mark a puzzle solved. @param {string} game @param {string} id */
export function markSolved(game, id) {
  const ids = solvedPuzzles(game);
  ids.add(id);
  localStorage.setItem(key(game), JSON.stringify([...ids]));
}
