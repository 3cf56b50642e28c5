//! The window's own words (menus, buttons, messages) in English and French.
//!
//! What Pip says is not here: every sentence of its dialogue is in `hint`.
//! These are the app's labels, checked by the compiler: every language has
//! every text.

pub(super) use crate::hint::Lang;

impl Lang {
    /// The interface's texts in this language.
    pub(crate) fn texts(self) -> &'static Texts {
        match self {
            Lang::En => &EN,
            Lang::Fr => &FR,
        }
    }
}

impl Texts {
    /// The language these texts are in (for the words `hint` gives, such
    /// as a shape's title, next to the window's own).
    pub(crate) fn lang(&self) -> Lang {
        if std::ptr::eq(self, Lang::Fr.texts()) {
            Lang::Fr
        } else {
            Lang::En
        }
    }
}

/// The text for a count: `zero` for none, `one` for one, `many` otherwise.
/// English and French agree on these three forms for the counts shown here
/// (French would also use the singular for 0, which gets its own wording).
pub(super) fn count_text(
    n: usize,
    zero: &'static str,
    one: &'static str,
    many: &'static str,
) -> &'static str {
    match n {
        0 => zero,
        1 => one,
        _ => many,
    }
}

/// Replaces `{0}`, `{1}`, ... in `template` by `args`.
pub(super) fn fill(template: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = template.to_string();
    for (i, a) in args.iter().enumerate() {
        out = out.replace(&format!("{{{i}}}"), &a.to_string());
    }
    out
}

/// A level's name in the menus and the Statistics window.
pub(super) fn level_text(t: &Texts, level: crate::logic::Level) -> &'static str {
    use crate::logic::Level::*;
    match level {
        Easy => t.level_easy,
        Medium => t.level_medium,
        Hard => t.level_hard,
        Expert => t.level_expert,
        Master => t.level_master,
        Extreme => t.level_extreme,
    }
}

macro_rules! texts {
    ($($name:ident: $en:expr, $fr:expr;)*) => {
        /// Every text of the interface, one field each.
        pub(crate) struct Texts { $(pub(crate) $name: &'static str,)* }
        pub(crate) const EN: Texts = Texts { $($name: $en,)* };
        pub(crate) const FR: Texts = Texts { $($name: $fr,)* };
    };
}

texts! {
    // Menus
    menu_game: "Game", "Partie";
    menu_edit: "Edit", "Édition";
    menu_solve: "Solve", "Résoudre";
    menu_view: "View", "Affichage";
    menu_help: "Help", "Aide";
    new_game: "New", "Nouvelle";
    level_easy: "Easy", "Facile";
    level_medium: "Medium", "Moyen";
    level_hard: "Hard", "Difficile";
    level_expert: "Expert", "Expert";
    level_master: "Master", "Maître";
    level_extreme: "Extreme", "Extrême";
    puzzle_of_the_day: "Puzzle of the day", "Grille du jour";
    shape_menu: "Shape", "Forme";
    shape_classic: "Classic", "Classique";
    shape_x: "X-Sudoku (diagonals)", "Sudoku X (diagonales)";
    shape_hyper: "Hyper (four windows)", "Hyper (quatre fenêtres)";
    shape_x_hyper: "X and Hyper", "X et Hyper";
    shape_jigsaw: "Jigsaw (irregular regions)", "Irrégulier (régions)";
    shape_odd_even: "Odd/even (shaded cells even)", "Pair/impair (cases grisées paires)";
    shape_4x4: "4×4 (2×2 boxes)", "4×4 (blocs 2×2)";
    shape_6x6: "6×6 (2×3 boxes)", "6×6 (blocs 2×3)";
    shape_12x12: "12×12 (3×4 boxes)", "12×12 (blocs 3×4)";
    shape_16x16: "16×16 (4×4 boxes)", "16×16 (blocs 4×4)";
    shape_overlapping: "Overlapping grids", "Grilles qui se chevauchent";
    shape_endless: "Endless carpet (no edge)", "Tapis sans fin (sans bord)";
    zoom_in: "Zoom in (+, or the mouse wheel)", "Zoomer (+, ou la molette)";
    zoom_out: "Zoom out (−)", "Dézoomer (−)";
    zoom_whole: "The whole board", "Toute la grille";
    zoom_whole_button: "All", "Tout";
    open: "Open…", "Ouvrir…";
    photo_button: "Read a photo…", "Lire une photo…";
    // A cell's content as a screen reader says it, after its name.
    board_name: "Sudoku grid", "Grille de sudoku";
    pad_digit: "{0}: {1} of {2} placed", "{0} : {1} sur {2} placés";
    cell_given: "{0}, given", "{0}, donnée";
    cell_empty: "empty", "vide";
    cell_notes: "notes {0}", "notes {0}";
    cell_refused: "not {0}", "pas {0}";
    welcome_title: "How shall we start?", "Par quoi commençons-nous ?";
    welcome_photo: "A photo of your grid…", "La photo de ta grille…";
    welcome_photo_why: "From a newspaper, a book or a screen: Pip reads it, you check what it read.", "D'un journal, d'un livre ou d'un écran : Pip la lit, tu vérifies sa lecture.";
    welcome_new: "A new puzzle", "Une nouvelle grille";
    welcome_new_level: "New puzzle: {0}", "Nouvelle grille : {0}";
    welcome_new_why: "Made for you, at the level you choose:", "Faite pour toi, au niveau que tu choisis :";
    welcome_paste: "Paste a puzzle…", "Coller une grille…";
    welcome_paste_why: "81 digits, with dots or zeros for the empty cells. Ctrl+V also pastes one anywhere.", "81 chiffres, avec des points ou des zéros pour les cases vides. Ctrl+V en colle aussi une n'importe où.";
    welcome_paste_field: "The puzzle to play", "La grille à jouer";
    welcome_paste_play: "Play this puzzle", "Jouer cette grille";
    use_phone: "Use your phone…", "Utiliser ton téléphone…";
    save: "Save", "Enregistrer";
    save_as: "Save as…", "Enregistrer sous…";
    next_from_file: "Next puzzle from the file", "Grille suivante du fichier";
    duel_with_pip: "Duel with Pip…", "Duel avec Pip…";
    quit: "Quit", "Quitter";
    undo: "Undo", "Annuler";
    redo: "Redo", "Rétablir";
    reset: "Reset to the givens", "Revenir aux données";
    fill_notes: "Fill notes", "Remplir les notes";
    clear_notes: "Clear notes", "Effacer les notes";
    notes_mode: "Notes mode", "Mode notes";
    paste: "Paste a puzzle", "Coller une grille";
    solve_all: "Solve", "Résoudre";
    check: "Check my entries", "Vérifier mes chiffres";
    pause: "Pause", "Pause";
    resume: "Resume", "Reprendre";
    language: "Language", "Langue";
    cell_names: "Cell names", "Noms des cases";
    notation_plain: "Plain: row 6, column 2", "En clair : ligne 6, colonne 2";
    notation_compact: "Compact: r6c2", "Compact : r6c2";
    hint_budget: "Hints: stop at the nudge", "Indices : s'arrêter au coup de pouce";
    help_shortcuts: "Keyboard shortcuts", "Raccourcis clavier";
    techniques: "Techniques", "Techniques";
    help_play: "How to play", "Comment jouer";
    help_use: "How to use sudolens", "Utiliser sudolens";
    about: "About", "À propos";
    // Board side
    erase: "Erase", "Effacer";
    notes_on: "Notes: on", "Notes : oui";
    notes_off: "Notes: off", "Notes : non";
    paused_overlay: "Paused: press Pause or P to go on", "En pause : Reprendre ou P pour continuer";
    // Dialogue
    previous: "< Previous", "< Précédent";
    next: "Next >", "Suivant >";
    remove_wrong: "Remove wrong entries", "Retirer les chiffres faux";
    // Status messages
    status_saved: "Saved to {0}", "Enregistré dans {0}";
    status_loaded: "Loaded {0}", "Chargé : {0}";
    status_autosave_failed: "Could not autosave: {0}", "Sauvegarde automatique impossible : {0}";
    status_restore_failed: "Could not restore the last game: {0} (kept as {1})",
        "Impossible de reprendre la dernière partie : {0} (gardée sous {1})";
    status_restore_failed_kept: "Could not restore the last game: {0}. It stays in {1}, since it could not be moved aside: {2}",
        "Impossible de reprendre la dernière partie : {0}. Elle reste dans {1}, car elle n'a pas pu être mise de côté : {2}";
    status_folder_in_use: "Another sudolens window uses this data folder: this window's game is saved in {0} (open it later with Ctrl+O)",
        "Une autre fenêtre de sudolens utilise ce dossier : la partie de cette fenêtre est enregistrée dans {0} (ouvre-la plus tard avec Ctrl+O)";
    status_open_failed: "Could not open {0}: {1}", "Impossible d'ouvrir {0} : {1}";
    status_save_failed: "Could not save: {0}", "Enregistrement impossible : {0}";
    status_file_puzzles: "{0}: puzzle {1} of {2}", "{0} : grille {1} sur {2}";
    status_bad_line: "line {1} of the file could not be read: {2}",
        "la ligne {1} du fichier est illisible : {2}";
    status_bad_lines: "{0} lines of the file could not be read; the first: line {1}: {2}",
        "{0} lignes du fichier sont illisibles ; la première : ligne {1} : {2}";
    status_no_puzzle_in_file: "no line of the file holds a valid puzzle", "aucune ligne du fichier ne contient de grille valide";
    status_photo_reading: "Reading the grid in {0}…", "Lecture de la grille de {0}…";
    status_photo_read_sure: "{0}: every cell reads clearly; compare with the photo, then use the grid",
        "{0} : chaque case se lit nettement ; compare avec la photo, puis utilise la grille";
    status_photo_read_one: "{0}: check the marked cell, fix it if it was misread, then use the grid",
        "{0} : vérifie la case marquée, corrige-la si besoin, puis utilise la grille";
    status_photo_read: "{0}: check the {1} marked cells, fix any misread one, then use the grid",
        "{0} : vérifie les {1} cases marquées, corrige-les si besoin, puis utilise la grille";
    status_photo_failed: "Could not read a grid in {0}: {1}", "Impossible de lire une grille dans {0} : {1}";
    photo_unreadable: "unreadable image", "image illisible";
    status_pasted: "Pasted puzzle", "Grille collée";
    status_paste_failed: "The clipboard does not hold a puzzle: {0}", "Le presse-papiers ne contient pas de grille : {0}";
    pasted_photo: "the pasted photo", "la photo collée";
    status_busy: "Still working on the previous request…", "Encore occupé avec la demande précédente…";
    status_nothing_to_undo: "Nothing to undo", "Rien à annuler";
    status_nothing_to_redo: "Nothing to redo", "Rien à rétablir";
    // Path window
    path_open_title: "Open a puzzle, a saved game or a photo", "Ouvrir une grille, une partie ou une photo";
    path_save_title: "Save the game", "Enregistrer la partie";
    path_label: "File:", "Fichier :";
    browse: "Browse…", "Parcourir…";
    open_a_folder: "it is a folder, not a file", "c'est un dossier, pas un fichier";
    open_too_large: "the file is {0} MB, more than the {1} MB sudolens opens",
        "le fichier fait {0} Mo, plus que les {1} Mo que sudolens ouvre";
    open_empty: "the file is empty", "le fichier est vide";
    // The file picker
    picker_open: "Open", "Ouvrir";
    picker_save: "Save", "Enregistrer";
    picker_parent: "Up a folder", "Dossier parent";
    picker_home: "Home", "Dossier personnel";
    picker_nothing: "Nothing here to open", "Rien à ouvrir ici";
    ok: "OK", "OK";
    cancel: "Cancel", "Annuler";
    path_hint: "You can also drop a file on the window, or paste a puzzle with Ctrl+V.",
        "Tu peux aussi déposer un fichier sur la fenêtre, ou coller une grille avec Ctrl+V.";
    // Phone panel
    phone_title: "Use your phone", "Utiliser ton téléphone";
    phone_qr: "QR code of the page", "QR code de la page";
    phone_help: "Scan this code with your phone, on the same Wi-Fi, and take a photo of the grid: it opens here.",
        "Scanne ce code avec ton téléphone, sur le même Wi-Fi, et prends la grille en photo : elle s'ouvre ici.";
    phone_no_network: "This computer has no network a phone can reach: connect it to Wi-Fi, then open this again.",
        "Cet ordinateur n'a pas de réseau qu'un téléphone puisse joindre : connecte-le au Wi-Fi, puis rouvre ceci.";
    phone_close: "Close (stops the server)", "Fermer (arrête le serveur)";
    phone_copy: "Copy the address", "Copier l'adresse";
    phone_copied: "Address copied.", "Adresse copiée.";
    status_phone_failed: "Could not start the server for the phone: {0}", "Impossible de démarrer le serveur pour le téléphone : {0}";
    // Help
    how_to_play: "Fill the grid so that every row, every column and every 3×3 box holds each digit from 1 to 9 exactly once. The digits printed in the puzzle (the givens, in bold) cannot be changed. Notes (small digits) help you keep track of the digits still possible in a cell.",
        "Remplis la grille pour que chaque ligne, chaque colonne et chaque bloc 3×3 contienne une seule fois chaque chiffre de 1 à 9. Les chiffres imprimés (les données, en gras) ne peuvent pas être changés. Les notes (petits chiffres) aident à suivre les chiffres encore possibles dans une case.";
    how_to_use: "Start a puzzle from Game > New, open a puzzle file or a saved game (Ctrl+O), paste a puzzle line (Ctrl+V) or drop a file on the window. Click a cell or move with the arrows, then type a digit; Delete erases. N switches notes mode; Shift+digit writes a note without leaving number mode. Conflicting digits are shown in red with an underline; wrong entries found by Check get a cross. Hint (H) asks Pip for the next logical step: Next and Previous (or Page Down / Page Up) page through its explanation, Apply plays it, and Ctrl+P plays one step after another. Solve (Ctrl+F) fills the grid at once, and undo takes it back. Your game is saved when you quit and comes back when you start.",
        "Commence une grille avec Partie > Nouvelle, ouvre un fichier de grilles ou une partie enregistrée (Ctrl+O), colle une ligne de grille (Ctrl+V) ou dépose un fichier sur la fenêtre. Clique une case ou déplace-toi avec les flèches, puis tape un chiffre ; Suppr efface. N active le mode notes ; Maj+chiffre écrit une note sans quitter le mode chiffres. Les chiffres en conflit sont en rouge et soulignés ; les chiffres faux trouvés par Vérifier sont barrés d'une croix. Indice (H) demande à Pip la prochaine étape logique : Suivant et Précédent (ou Page suivante / Page précédente) parcourent son explication, Appliquer la joue, et Ctrl+P joue une étape après l'autre. Résoudre (Ctrl+F) remplit la grille d'un coup, et Annuler la retire. Ta partie est enregistrée en quittant et revient au démarrage.";
    key_digit: "Write a digit (a note in notes mode)", "Écrire un chiffre (une note en mode notes)";
    key_shift_digit: "Write a note", "Écrire une note";
    key_symbols: "Symbols past 9 on a 12×12 or a 16×16: A to G write 10 to 16; on a hexadecimal grid 0 to F write its symbols", "Symboles après 9 sur un 12×12 ou un 16×16 : A à G écrivent 10 à 16 ; sur une grille hexadécimale, 0 à F écrivent ses symboles";
    key_arrows_name: "Arrows", "Flèches";
    key_arrows: "Move the selection", "Déplacer la sélection";
    key_delete: "Erase the cell", "Effacer la case";
    key_notes: "Switch notes mode", "Changer de mode notes";
    key_pause: "Pause / resume", "Pause / reprise";
    key_page: "Pip's next / previous line", "Ligne suivante / précédente de Pip";
    key_joker: "Take a joker (in a duel)", "Prendre un joker (en duel)";
    key_answer: "Answer Pip: right / wrong (a duel answered by hand)", "Répondre à Pip : juste / faux (duel à la main)";
    key_escape: "Close the open menu", "Fermer le menu ouvert";
    about_text: "sudolens: read a newspaper Sudoku, learn the next logical step with Pip, or see the answer at once. New puzzles are made by sudolens itself, at six levels, and a puzzle of the day.",
        "sudolens : lis un sudoku de journal, apprends l'étape logique suivante avec Pip, ou vois la solution d'un coup. Les nouvelles grilles sont créées par sudolens lui-même, à six niveaux, avec une grille du jour.";
    timer_label: "Time", "Temps";
    // Photo import
    use_grid: "Use this grid", "Utiliser cette grille";
    given_or_entry: "Printed / handwritten", "Imprimé / manuscrit";
    import_empty: "Empty", "Vide";
    import_uncertain_one: "1 cell is uncertain: please check it (dashed, with ?)",
        "1 case est incertaine : vérifie-la (en pointillés, avec ?)";
    import_uncertain: "{0} cells are uncertain: please check them (dashed, with ?)",
        "{0} cases sont incertaines : vérifie-les (en pointillés, avec ?)";
    import_help: "Drag the corners onto the grid's corners if the outline is off. Click a cell and type to fix it; Printed / handwritten switches its kind.",
        "Fais glisser les coins sur ceux de la grille si le contour est décalé. Clique une case et tape pour la corriger ; Imprimé / manuscrit change son type.";
    import_accepted: "Grid accepted from {0}.", "Grille acceptée depuis {0}.";
    // What a screen reader says of the correction screen's parts.
    import_read_empty: "photo {0}: empty", "photo {0} : vide";
    import_read_printed: "photo {0}: {1}, printed", "photo {0} : {1}, imprimé";
    import_read_handwritten: "photo {0}: {1}, handwritten", "photo {0} : {1}, manuscrit";
    import_read_uncertain: "{0}, uncertain", "{0}, incertain";
    import_read_conflict: "{0}, in conflict", "{0}, en conflit";
    import_crop_name: "photo of {0}, enlarged", "photo de {0}, agrandie";
    import_photo_name: "photo {0}", "photo {0}";
    import_corner_top_left: "corner top-left", "coin en haut à gauche";
    import_corner_top_right: "corner top-right", "coin en haut à droite";
    import_corner_bottom_right: "corner bottom-right", "coin en bas à droite";
    import_corner_bottom_left: "corner bottom-left", "coin en bas à gauche";
    // New puzzles (Game > New) and the Statistics window
    making_puzzle: "Making a new {0} puzzle for you…", "Je te prépare une nouvelle grille {0}…";
    making_daily: "Making the puzzle of the day…", "Je prépare la grille du jour…";
    making_tried: "{0} candidates rated in {1} s", "{0} grilles évaluées en {1} s";
    status_new_cancelled: "New puzzle cancelled: the game goes on", "Nouvelle grille annulée : la partie continue";
    statistics: "Statistics", "Statistiques";
    // Game → Continue: the games kept
    kept_menu: "Continue…", "Reprendre…";
    kept_title: "Continue a game", "Reprendre une partie";
    kept_none: "No other unfinished game.", "Aucune autre partie en cours.";
    kept_continue: "Continue", "Reprendre";
    kept_delete: "Delete", "Supprimer";
    kept_delete_question: "Delete this game?", "Supprimer cette partie ?";
    kept_delete_yes: "Delete it", "La supprimer";
    kept_delete_no: "Keep it", "La garder";
    kept_undo_delete: "Undo the deletion", "Annuler la suppression";
    kept_played: "Played {0}, {1}", "Jouée {0}, {1}";
    kept_just_now: "just now", "à l'instant";
    kept_minutes_ago: "{0} min ago", "il y a {0} min";
    kept_hours_ago: "{0} h ago", "il y a {0} h";
    kept_days_ago: "{0} days ago", "il y a {0} jours";
    kept_level_unknown: "Level not known yet", "Niveau encore inconnu";
    kept_generated: "new puzzle", "nouvelle grille";
    kept_daily: "puzzle of {0}", "grille du {0}";
    kept_photo: "photo {0}", "photo {0}";
    kept_file: "file {0}", "fichier {0}";
    kept_pasted: "pasted", "collée";
    kept_endless: "endless carpet", "tapis sans fin";
    kept_practice: "practice: {0}", "entraînement : {0}";
    kept_saved: "earlier game", "partie précédente";
    kept_unreadable: "A kept game could not be read (left in place): {0}",
        "Une partie gardée est illisible (laissée en place) : {0}";
    stats_level: "Level", "Niveau";
    stats_games: "Games", "Parties";
    stats_solved: "Solved", "Résolues";
    stats_best: "Best", "Meilleur";
    stats_by_shape: "By shape", "Par forme";
    stats_median: "Median", "Médian";
    stats_hints: "Hints per game", "Indices par partie";
    stats_depth_title: "How far the hints were read:", "Jusqu'où les indices ont été lus :";
    stats_depth_line: "up to line {0}: {1}", "jusqu'à la ligne {0} : {1}";
    stats_streak_none: "Puzzle of the day: no streak yet", "Grille du jour : pas encore de série";
    stats_streak_one: "Puzzle of the day: 1 day in a row (best: {1})", "Grille du jour : 1 jour d'affilée (record : {1})";
    stats_streak: "Puzzle of the day: {0} days in a row (best: {1})", "Grille du jour : {0} jours d'affilée (record : {1})";
    stats_today_done: "Today's puzzle is solved.", "La grille du jour est résolue.";
    stats_today_open: "Today's puzzle is waiting for you: Game > New > Puzzle of the day.", "La grille du jour t'attend : Partie > Nouvelle > Grille du jour.";
    stats_today_started: "Today's puzzle is under way: Game > Continue to go back to it.", "La grille du jour est commencée : Partie > Reprendre pour y revenir.";
    stats_today_helped: "Today's puzzle was completed with help: it does not count for the streak.", "La grille du jour a été finie avec de l'aide : elle ne compte pas pour la série.";
    stats_helped: "With help", "Avec aide";
    stats_helped_hover: "Completed with Solve, or with Pip playing most of the moves: never a best time.", "Finies avec Résoudre, ou Pip ayant joué la plupart des coups : jamais un meilleur temps.";
    stats_list_title: "Your games, latest first", "Tes parties, de la plus récente à la plus ancienne";
    stats_list_none: "No game played yet: a puzzle counts once a move is made.", "Aucune partie jouée pour l'instant : une grille compte dès qu'un coup est joué.";
    stats_date: "Started", "Commencée";
    stats_time: "Time", "Temps";
    stats_list_hints: "Hints", "Indices";
    stats_result: "Result", "Résultat";
    stats_result_solved: "Solved", "Résolue";
    stats_result_assisted: "Assisted: Pip played most moves", "Assistée : Pip a joué la plupart des coups";
    stats_result_revealed: "Assisted: Solve used", "Assistée : Résoudre utilisé";
    stats_result_unfinished: "Unfinished", "Pas finie";
    stats_plot_title: "Solve times: {0}", "Temps de résolution : {0}";
    stats_no_times: "No {0} puzzle solved yet: its times will show here.", "Aucune grille {0} résolue pour l'instant : ses temps s'afficheront ici.";
    stats_x_axis: "solved puzzles, oldest first", "grilles résolues, de la plus ancienne à la plus récente";
    stats_y_axis: "time (m:ss)", "temps (m:ss)";
    stats_loading: "Reading your game history…", "Lecture de ton historique…";
    stats_off: "{0}", "{0}";
    stats_duels_title: "Duels with Pip", "Duels avec Pip";
    stats_duels_none: "No duel with Pip yet: Game > Duel with Pip.", "Aucun duel avec Pip pour l'instant : Partie > Duel avec Pip.";
    stats_duel_strength: "Pip's strength", "Force de Pip";
    stats_duels_played: "Played", "Joués";
    stats_duels_won: "Won", "Gagnés";
    stats_duels_lost: "Lost", "Perdus";
    stats_duel_your_penalties: "Your penalties", "Tes pénalités";
    stats_duel_your_jokers: "Your jokers", "Tes jokers";
    stats_duel_pip_penalties: "Pip's penalties", "Pénalités de Pip";
    stats_duel_pip_jokers: "Pip's jokers", "Jokers de Pip";
    stats_duel_averages: "Penalties and jokers are averages per duel.", "Les pénalités et les jokers sont des moyennes par duel.";
    // Closing with an unsaved game
    exit_unsaved_title: "Your game is not saved", "Ta partie n'est pas enregistrée";
    exit_unsaved_body: "I could not save your game before closing: {0}", "Je n'ai pas pu enregistrer ta partie avant de fermer : {0}";
    exit_unsaved_question: "Save it somewhere else before closing?", "L'enregistrer ailleurs avant de fermer ?";
    exit_close_anyway: "Close without saving", "Fermer sans enregistrer";
    exit_keep_playing: "Keep playing", "Continuer à jouer";
    // Hints
    hint: "Hint", "Indice";
    step_by_step: "Solve step by step", "Résoudre pas à pas";
    apply: "Apply", "Appliquer";
    fill_them: "Yes, fill them", "Oui, remplis-les";
    not_now: "No, I'll do without", "Non, je m'en passe";
    more_help: "More help >", "Plus d'aide >";
    // The technique guide
    guide_title: "Techniques", "Techniques";
    guide_families: "From easiest to hardest", "De la plus facile à la plus difficile";
    guide_example: "An example where it is the next step", "Un exemple où c'est la prochaine étape";
    guide_finding: "Looking for an example…", "Recherche d'un exemple…";
    guide_no_example: "No example of this one in the bundled puzzles yet: Try one finds none either.",
        "Pas encore d'exemple de celle-ci dans les grilles fournies : « Essayer » n'en trouve pas non plus.";
    guide_try_one: "Try one", "Essayer";
    guide_try_one_hint: "A fresh puzzle whose next step needs this technique, as a new game",
        "Une nouvelle grille dont la prochaine étape demande cette technique, en nouvelle partie";
}
