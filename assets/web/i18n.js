// The page's own labels (buttons, menus, short status lines) in English and
// French. What Pip says is never here: its sentences come from the server,
// in the language asked for.

const TEXTS = {
  en: {
    new_game: "New",
    level_easy: "Easy",
    level_medium: "Medium",
    level_hard: "Hard",
    level_very_hard: "Very hard",
    level_diabolical: "Diabolical",
    level_expert: "Expert",
    level_master: "Master",
    level_extreme: "Extreme",
    photo: "Take a photo",
    photo_to_window: "Photo to computer",
    hint: "Hint",
    check: "Check",
    solve: "Solve",
    undo: "Undo",
    redo: "Redo",
    erase: "Erase",
    notes_on: "Notes ✓",
    notes_off: "Notes",
    pause: "Pause",
    resume: "Resume",
    paused: "Paused: press Resume (or P) to go on",
    previous: "Previous",
    next: "Next",
    apply: "Apply",
    remove_wrong: "Remove wrong entries",
    reset: "Reset",
    language: "FR",
    language_title: "Passer en français",
    use_grid: "Use this grid",
    cancel: "Cancel",
    printed: "Printed",
    handwritten: "Handwritten",
    to_check: "to check",
    empty_choice: "Empty",
    correction_help: "Tap a cell to compare it with the photo and fix it.",
    board: "Sudoku grid",
    cell_empty: "empty",
    cell_notes: "notes",
    cell_given: "given",
    cell_conflict: "conflict",
    given_refused: "{0} holds a printed given: it cannot be changed.",
    offline: "The sudolens server does not answer: is it still running?",
    window_banner: "Connected to sudolens on your computer: the photos you take open there.",
    time: "Time",
    reading: "Reading your photo…",
    busy: "Pip is still thinking…",
    solved_title: "Solved!",
  },
  fr: {
    new_game: "Nouvelle",
    level_easy: "Facile",
    level_medium: "Moyen",
    level_hard: "Difficile",
    level_very_hard: "Très difficile",
    level_diabolical: "Diabolique",
    level_expert: "Expert",
    level_master: "Maître",
    level_extreme: "Extrême",
    photo: "Prendre une photo",
    photo_to_window: "Photo vers l'ordinateur",
    hint: "Indice",
    check: "Vérifier",
    solve: "Résoudre",
    undo: "Annuler",
    redo: "Rétablir",
    erase: "Effacer",
    notes_on: "Notes ✓",
    notes_off: "Notes",
    pause: "Pause",
    resume: "Reprendre",
    paused: "En pause : appuie sur Reprendre (ou P) pour continuer",
    previous: "Précédent",
    next: "Suivant",
    apply: "Appliquer",
    remove_wrong: "Retirer les chiffres faux",
    reset: "Recommencer",
    language: "EN",
    language_title: "Switch to English",
    use_grid: "Utiliser cette grille",
    cancel: "Annuler",
    printed: "Imprimé",
    handwritten: "Manuscrit",
    to_check: "à vérifier",
    empty_choice: "Vide",
    correction_help: "Touche une case pour la comparer à la photo et la corriger.",
    board: "Grille de sudoku",
    cell_empty: "vide",
    cell_notes: "notes",
    cell_given: "donnée",
    cell_conflict: "conflit",
    given_refused: "{0} contient une donnée imprimée : elle ne peut pas changer.",
    offline: "Le serveur sudolens ne répond pas : tourne-t-il encore ?",
    window_banner: "Connecté à sudolens sur ton ordinateur : les photos que tu prends s'y ouvrent.",
    time: "Temps",
    reading: "Je lis ta photo…",
    busy: "Pip réfléchit encore…",
    solved_title: "Résolu !",
  },
};

export const LANGS = ["en", "fr"];

/// The label `key` in `lang`, with `{0}`, `{1}`... filled from `args`.
export function t(lang, key, ...args) {
  let text = (TEXTS[lang] || TEXTS.en)[key] ?? TEXTS.en[key] ?? key;
  args.forEach((a, i) => {
    text = text.replace("{" + i + "}", String(a));
  });
  return text;
}

/// The browser's language when it is French, English otherwise.
export function browserLang() {
  const l = (navigator.language || "en").toLowerCase();
  return l.startsWith("fr") ? "fr" : "en";
}
