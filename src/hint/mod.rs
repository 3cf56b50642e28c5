//! Pip's words: turns engine steps and board states into paragraphs of short
//! lines, each carrying the highlights the board shows while it is read.
