//! The duel window's own labels (its setup, buttons and score), in English
//! and French. Every sentence about Pip, in the dialogue or on the window
//! (Pip dealing, thinking, refusing help), is in `hint::duel`.

use crate::hint::Lang;

macro_rules! duel_texts {
    ($($name:ident: $en:expr, $fr:expr;)*) => {
        /// Every label of the duel's screens, one field each.
        pub(crate) struct DuelTexts { $(pub(crate) $name: &'static str,)* }
        const EN: DuelTexts = DuelTexts { $($name: $en,)* };
        const FR: DuelTexts = DuelTexts { $($name: $fr,)* };
    };
}

/// The duel's labels in `lang`.
pub(crate) fn texts(lang: Lang) -> &'static DuelTexts {
    match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
    }
}

duel_texts! {
    // Setup
    setup_title: "Duel with Pip", "Duel avec Pip";
    strength: "Pip's strength", "La force de Pip";
    your_level: "Your grid's level", "Le niveau de ta grille";
    answering: "Who answers Pip's moves", "Qui répond aux coups de Pip";
    honest: "sudolens, from your secret grid", "sudolens, d'après ta grille secrète";
    by_hand: "You, by hand (Pip checks for lies)", "Toi, à la main (Pip vérifie si tu mens)";
    your_grid: "Your grid for Pip", "Ta grille pour Pip";
    make_one: "Make one for me", "Fais-en une pour moi";
    type_paste: "Type or paste it", "Tape-la ou colle-la";
    from_photo: "From a photo of a solved grid", "Depuis la photo d'une grille résolue";
    paste_here: "A complete grid (81 digits), or one with its holes made (0 or . for a hole):",
        "Une grille complète (81 chiffres), ou une grille avec ses trous (0 ou . pour un trou) :";
    choose_photo: "Choose a photo…", "Choisir une photo…";
    photo_hint: "Newspapers print yesterday's solution: photograph it, check what was read, then press Use this grid. You can also drop or paste the photo.",
        "Les journaux impriment la solution de la veille : photographie-la, vérifie la lecture, puis appuie sur Utiliser cette grille. Tu peux aussi déposer ou coller la photo.";
    photo_waiting: "Waiting for the photo…", "En attente de la photo…";
    photo_ready: "Grid read from the photo.", "Grille lue sur la photo.";
    holes: "Holes", "Trous";
    by_count: "By count", "Par nombre";
    by_clicking: "By clicking", "En cliquant";
    same_count: "As many holes as in Pip's grid for me", "Autant de trous que dans la grille de Pip pour moi";
    click_hint: "Click a cell to make it a hole or to fill it again.", "Clique une case pour en faire un trou ou la remplir à nouveau.";
    holes_count: "{0} holes, {1}.", "{0} trous, {1}.";
    secret_on_paper: "{0} holes; you keep your secret on paper.", "{0} trous ; tu gardes ton secret sur papier.";
    start: "Start the duel", "Commencer le duel";
    resume: "Resume the duel in progress", "Reprendre le duel en cours";
    // Play
    joker_key: "Joker (J)", "Joker (J)";
    right: "Right (Y)", "Juste (O)";
    wrong: "Wrong (N)", "Faux (N)";
    answer_value: "Its value in your secret:", "Sa valeur dans ton secret :";
    show_secret: "Show my secret grid", "Montrer ma grille secrète";
    your_secret: "Your secret grid", "Ta grille secrète";
    turn_n: "Turn {0}", "Tour {0}";
    turns_played: "Over after {0} turns", "Fini en {0} tours";
    replay: "Replay Pip's reasoning", "Revoir le raisonnement de Pip";
    new_duel: "New duel", "Nouveau duel";
    leave: "Back to my puzzle", "Retour à ma grille";
    replaying: "Replay: Pip's grid before its move {0} of {1}", "Revoir : la grille de Pip avant son coup {0} sur {1}";
    result_win: "You win!", "Tu gagnes !";
    result_loss: "Pip wins", "Pip gagne";
    result_draw: "Draw", "Match nul";
    result_cheat: "Pip wins: cheating detected", "Pip gagne : triche détectée";
    result_resigned: "You resigned: Pip wins", "Tu as abandonné : Pip gagne";
    resign: "Resign…", "Abandonner…";
    resign_question: "Resign this duel? It counts as lost.", "Abandonner ce duel ? Il compte comme perdu.";
    resign_yes: "Resign the duel", "Abandonner le duel";
    resign_no: "Keep playing", "Continuer à jouer";
    duel_saved: "Duel saved to {0}", "Duel enregistré dans {0}";
    duel_loaded: "Duel loaded from {0}", "Duel chargé depuis {0}";
    duel_save_failed: "Could not save the duel: {0}", "Impossible d'enregistrer le duel : {0}";
}
