//! The rule engine: each harder technique where it is the easiest step,
//! HoDoKu's regression library, and the soundness of every step.

mod reglib;
mod share;
mod soundness;
mod techniques;
